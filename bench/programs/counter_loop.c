/*
 * counter_loop(N): one worker thread increments a shared counter N times
 * (`counter++`, or `atomic_fetch_add` with -DATOMIC); main joins it and
 * checks the total.
 *
 * One execution per Mazurkiewicz trace is all there is (main only joins):
 * the row measures the cost per event of one long execution, which must
 * not grow with its length.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<number of increments> (default 1000).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 1000
#endif

#ifdef ATOMIC
static atomic_long counter;
#else
static long counter;
#endif

static void *worker(void *arg) {
    (void)arg;
    for (long i = 0; i < N; i++) {
#ifdef ATOMIC
        atomic_fetch_add(&counter, 1);
#else
        counter++;
#endif
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    assert(counter == N);
    return 0;
}
