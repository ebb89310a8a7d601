/*
 * peterson_tso(N): Peterson's mutual-exclusion algorithm for two threads
 * with plain (volatile) shared variables; each thread enters its critical
 * section N times.  A plain counter of the threads inside the critical
 * section checks mutual exclusion.  (peterson.c is the same algorithm with
 * sequentially consistent atomics.)
 *
 * Entry: flag[me] = 1; turn = other; wait while flag[other] && turn ==
 * other.  Under TSO (and PSO) both stores can still sit in the store buffer
 * when the thread reads flag[other] (store->load reordering), so both
 * threads can read 0 and enter together.  Under PSO the two stores can
 * also become visible in the opposite order.
 *
 * Built with -DFENCE, a full fence (__sync_synchronize) follows each of the
 * two stores and precedes the store that releases the critical section,
 * which makes the algorithm correct under SC, TSO and PSO.
 *
 * The wait reads two locations in each iteration, so it is written as an
 * "await" under weft: the condition is checked once and executions in
 * which it does not hold are discarded with __VERIFIER_assume (they show up
 * as blocked executions).  This loses no behaviour: a thread that spins k
 * times and then enters is equivalent to one that checks once at the
 * moment the loop exits, because the failed checks only read memory (and
 * the flushes of its store buffer are independent events).  With -DNATIVE
 * the wait is a real spin loop, for running natively.
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

#ifndef NATIVE
extern void __VERIFIER_assume(int cond);
#endif

static volatile int flag[2], turn, in_cs;

static void await_turn(int me) {
    int other = 1 - me;
#ifdef NATIVE
    while (flag[other] && turn == other)
        ;
#else
    __VERIFIER_assume(!(flag[other] && turn == other));
#endif
}

static void *worker(void *arg) {
    int me = (int)(intptr_t)arg, other = 1 - me;
    for (int k = 0; k < N; k++) {
        flag[me] = 1;
        fence();
        turn = other;
        fence();
        await_turn(me);
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
