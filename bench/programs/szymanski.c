/*
 * szymanski(N): Szymanski's mutual-exclusion algorithm ("A simple solution
 * to Lamport's concurrent programming problem with linear wait", 1988) for
 * two threads, with plain (volatile) shared flags; each thread enters its
 * critical section N times.  A plain counter of the threads inside the
 * critical section checks mutual exclusion.
 *
 * flag[i]: 0 outside, 1 wants to enter, 2 waits inside the waiting room,
 * 3 has entered the waiting room, 4 has left it (door closed).
 *
 *   flag[i] = 1; await all j: flag[j] < 3;
 *   flag[i] = 3; if (some j: flag[j] == 1) { flag[i] = 2; await some j: flag[j] == 4; }
 *   flag[i] = 4; await all j < i: flag[j] < 2;
 *   critical section
 *   await all j > i: flag[j] < 2 || flag[j] > 3;
 *   flag[i] = 0;
 *
 * Under TSO (and PSO) a thread's new flag value can still sit in its store
 * buffer when it reads the other's flag (store->load reordering): both
 * threads can see the other at 0 all the way through and enter together.
 *
 * Built with -DFENCE, a full fence (__sync_synchronize) follows every store
 * of the entry protocol and precedes the store that releases the critical
 * section, which makes the algorithm correct under SC, TSO and PSO.
 *
 * With two threads every await polls the other's flag only, one read per
 * iteration, so weft recognises it as a spin.
 *
 * Without FENCE: correct under SC, mutual-exclusion violation (assertion)
 * under TSO and PSO.  With -DFENCE: correct under all three.
 * The program is racy on purpose: check it with --no-race-check.
 * Parameter: -DN=<critical-section entries per thread> (default 1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#ifndef N
#define N 1
#endif

#ifdef FENCE
#define fence() __sync_synchronize()
#else
#define fence() ((void)0)
#endif

static volatile int flag[2], in_cs;

static void *worker(void *arg) {
    int me = (int)(intptr_t)arg, other = 1 - me;
    for (int k = 0; k < N; k++) {
        flag[me] = 1;
        fence();
        while (flag[other] >= 3)
            ;
        flag[me] = 3;
        fence();
        if (flag[other] == 1) {
            flag[me] = 2;
            fence();
            while (flag[other] != 4)
                ;
        }
        flag[me] = 4;
        fence();
        if (me == 1) {
            while (flag[0] >= 2)
                ;
        }
        /* critical section */
        in_cs++;
        assert(in_cs == 1);
        in_cs--;
        if (me == 0) {
            int f;
            do
                f = flag[1];
            while (f >= 2 && f <= 3);
        }
        fence();
        flag[me] = 0;
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)(intptr_t)0);
    pthread_create(&b, 0, worker, (void *)(intptr_t)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
