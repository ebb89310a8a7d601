/*
 * four_threads(N): four threads in a ring.  Thread i repeats N times: store
 * to its own slot x[i], then load its neighbour's slot x[(i+1) % 4].  Each
 * load conflicts only with the neighbour's stores, which gives many
 * interleavings and a moderate number of traces; a program for measuring
 * raw executions per second with more than two threads.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<store/load pairs per thread> (default 1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#ifndef N
#define N 1
#endif

#define T 4

static atomic_int x[T];
static int seen[T];

static void *worker(void *arg) {
    int i = (int)(intptr_t)arg;
    for (int k = 0; k < N; k++) {
        atomic_store(&x[i], k + 1);
        seen[i] = atomic_load(&x[(i + 1) % T]);
    }
    return 0;
}

int main(void) {
    pthread_t t[T];
    for (int i = 0; i < T; i++)
        pthread_create(&t[i], 0, worker, (void *)(intptr_t)i);
    for (int i = 0; i < T; i++)
        pthread_join(t[i], 0);
    for (int i = 0; i < T; i++)
        assert(seen[i] >= 0 && seen[i] <= N);
    return 0;
}
