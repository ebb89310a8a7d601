/*
 * two_threads(N): two threads each do N atomic increments of one shared
 * counter; main checks the total.  A minimal program for measuring raw
 * executions per second: the increments all conflict, so there are
 * (2N)! / (N!)^2 Mazurkiewicz traces.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<increments per thread> (default 2).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 2
#endif

static atomic_int counter;

static void *worker(void *arg) {
    (void)arg;
    for (int k = 0; k < N; k++)
        atomic_fetch_add(&counter, 1);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(atomic_load(&counter) == 2 * N);
    return 0;
}
