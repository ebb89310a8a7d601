/*
 * lamport_fast(N): Lamport's fast mutual-exclusion algorithm ("A fast
 * mutual exclusion algorithm", TOCS 1987) for two threads with ids 1 and 2,
 * with plain (volatile) shared variables; each thread enters its critical
 * section N times.  A plain counter of the threads inside the critical
 * section checks mutual exclusion.
 *
 *   start: b[i] = 1; x = i;
 *          if (y != 0) { b[i] = 0; await y == 0; goto start; }
 *          y = i;
 *          if (x != i) { b[i] = 0; await !b[j];
 *                        if (y != i) { await y == 0; goto start; } }
 *          critical section
 *          y = 0; b[i] = 0;
 *
 * Under TSO (and PSO) the stores to x and y can still sit in the store
 * buffer when the thread reads y and x back (store->load reordering): both
 * threads can read y == 0, set y, read their own x (forwarded from their own
 * buffer) and take the fast path together.
 *
 * Built with -DFENCE, a full fence (__sync_synchronize) follows every store
 * of the entry protocol and precedes the stores that release the critical
 * section, which makes the algorithm correct under SC, TSO and PSO.
 *
 * Each await polls one location, so weft recognises it as a spin.
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

/* Thread ids are 1 and 2; 0 in y means "free". */
static volatile int b[3], x, y, in_cs;

static void lock(int i) {
    int j = 3 - i;
    for (;;) {
        b[i] = 1;
        fence();
        x = i;
        fence();
        if (y != 0) {
            b[i] = 0;
            fence();
            while (y != 0)
                ;
            continue;
        }
        y = i;
        fence();
        if (x != i) {
            b[i] = 0;
            fence();
            while (b[j])
                ;
            if (y != i) {
                while (y != 0)
                    ;
                continue;
            }
        }
        return;
    }
}

static void unlock(int i) {
    fence();
    y = 0;
    fence();
    b[i] = 0;
}

static void *worker(void *arg) {
    int i = (int)(intptr_t)arg;
    for (int k = 0; k < N; k++) {
        lock(i);
        /* critical section */
        in_cs++;
        assert(in_cs == 1);
        in_cs--;
        unlock(i);
    }
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, (void *)(intptr_t)1);
    pthread_create(&t2, 0, worker, (void *)(intptr_t)2);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
