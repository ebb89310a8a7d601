/*
 * sb: the store-buffering litmus test with sequentially consistent atomics.
 *
 *   thread 1: x = 1; r1 = y;        thread 2: y = 1; r2 = x;
 *
 * Under sequential consistency at least one thread sees the other's store,
 * so r1 == 0 && r2 == 0 is impossible (it is allowed under TSO/PSO with
 * plain stores and loads, which is what makes this the classic TSO test).
 * Each thread repeats its store/load pair N times (N = 1 is the classic
 * test, with 3 Mazurkiewicz traces); the assertion is on the final values.
 *
 * Correct program under SC: every execution passes its assertions.
 * Parameter: -DN=<repetitions in each thread> (default 1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 1
#endif

static atomic_int x, y;
static int r1 = -1, r2 = -1;

static void *t1(void *arg) {
    (void)arg;
    for (int k = 0; k < N; k++) {
        atomic_store(&x, k + 1);
        r1 = atomic_load(&y);
    }
    return 0;
}

static void *t2(void *arg) {
    (void)arg;
    for (int k = 0; k < N; k++) {
        atomic_store(&y, k + 1);
        r2 = atomic_load(&x);
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(!(r1 == 0 && r2 == 0));
    return 0;
}
