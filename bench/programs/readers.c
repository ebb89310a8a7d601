/*
 * readers(N): one writer and N readers of a single shared variable.
 *
 * The writer stores x = 1 once; each reader loads x once.  Every reader can
 * see 0 or 1 independently, so the program has 2^N Mazurkiewicz traces,
 * while the number of plain interleavings grows factorially with N.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<number of readers> (default 3).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#ifndef N
#define N 3
#endif

static atomic_int x;

static void *writer(void *arg) {
    (void)arg;
    atomic_store(&x, 1);
    return 0;
}

static void *reader(void *arg) {
    (void)arg;
    int v = atomic_load(&x);
    assert(v == 0 || v == 1);
    return 0;
}

int main(void) {
    pthread_t w, r[N];
    pthread_create(&w, 0, writer, 0);
    for (int i = 0; i < N; i++)
        pthread_create(&r[i], 0, reader, 0);
    pthread_join(w, 0);
    for (int i = 0; i < N; i++)
        pthread_join(r[i], 0);
    assert(atomic_load(&x) == 1);
    return 0;
}
