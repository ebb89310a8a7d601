/*
 * fetch_add(N): N threads each increment a shared counter once with
 * atomic_fetch_add; main checks the total after joining.
 *
 * All increments conflict with each other, so there are N! Mazurkiewicz
 * traces.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<number of threads> (default 3).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif

static atomic_int counter;

static void *worker(void *arg) {
    (void)arg;
    atomic_fetch_add(&counter, 1);
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(atomic_load(&counter) == N);
    return 0;
}
