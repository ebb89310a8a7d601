/*
 * peterson(N): Peterson's mutual-exclusion algorithm for two threads with
 * sequentially consistent atomics; each thread enters its critical section
 * N times.  A shared counter of threads inside the critical section checks
 * mutual exclusion.
 *
 * The busy-wait is written as an "await": under weft the wait condition is
 * checked once and executions in which it does not hold are discarded with
 * __VERIFIER_assume (they show up as blocked executions).  This loses no
 * behaviour: any execution that spins k times and then enters is equivalent
 * to one that checks once at the moment the loop exits, because the failed
 * checks only read memory.  Without it, an exhaustive explorer would have
 * to follow a thread spinning forever.  Built with -DNATIVE, the wait is a
 * real spin loop, for running the program natively.
 *
 * Correct program under SC: every execution passes its assertions.  (With
 * plain stores under TSO/PSO it would break; that is a different test.)
 * Parameter: -DN=<critical-section entries per thread> (default 1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#ifndef N
#define N 1
#endif

#ifndef NATIVE
extern void __VERIFIER_assume(int cond);
#endif

static atomic_int flag[2], turn, in_cs;
static int entries;

static void await_turn(int me) {
    int other = 1 - me;
#ifdef NATIVE
    while (atomic_load(&flag[other]) && atomic_load(&turn) == other)
        ;
#else
    __VERIFIER_assume(!(atomic_load(&flag[other]) && atomic_load(&turn) == other));
#endif
}

static void *worker(void *arg) {
    int me = (int)(intptr_t)arg;
    for (int k = 0; k < N; k++) {
        atomic_store(&flag[me], 1);
        atomic_store(&turn, 1 - me);
        await_turn(me);
        /* critical section */
        int inside = atomic_fetch_add(&in_cs, 1);
        assert(inside == 0);
        entries++; /* plain access, protected by Peterson's lock */
        atomic_fetch_sub(&in_cs, 1);
        atomic_store(&flag[me], 0);
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)(intptr_t)0);
    pthread_create(&b, 0, worker, (void *)(intptr_t)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(entries == 2 * N);
    return 0;
}
