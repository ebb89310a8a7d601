/*
 * burns(N): Burns and Lynch's one-bit mutual-exclusion algorithm (in the
 * style of Dijkstra's) for two threads, with plain (volatile) shared flags;
 * each thread enters its critical section N times.  A plain counter of the
 * threads inside the critical section checks mutual exclusion.
 *
 *   thread 0: flag[0] = 1; await !flag[1];
 *   thread 1: L: flag[1] = 0; await !flag[0];
 *                flag[1] = 1; if (flag[0]) goto L;
 *   both:     critical section; flag[i] = 0;
 *
 * Under TSO (and PSO) a raised flag can still sit in the store buffer when
 * the thread reads the other's flag (store->load reordering): both threads
 * can see the other's flag at 0 and enter together.
 *
 * Built with -DFENCE, a full fence (__sync_synchronize) follows every store
 * that raises a flag and precedes the store that releases the critical
 * section, which makes the algorithm correct under SC, TSO and PSO.
 *
 * Each await polls one flag, so weft recognises it as a spin.
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

static void lock(int me) {
    if (me == 0) {
        flag[0] = 1;
        fence();
        while (flag[1])
            ;
        return;
    }
    for (;;) {
        flag[1] = 0;
        while (flag[0])
            ;
        flag[1] = 1;
        fence();
        if (!flag[0])
            return;
    }
}

static void *worker(void *arg) {
    int me = (int)(intptr_t)arg;
    for (int k = 0; k < N; k++) {
        lock(me);
        /* critical section */
        in_cs++;
        assert(in_cs == 1);
        in_cs--;
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
