/*
 * lastzero(N): the classic benchmark from the DPOR literature (Abdulla,
 * Aronis, Jonsson, Sagonas: "Optimal dynamic partial order reduction").
 *
 * array[0..N] starts all zero.  Thread 0 scans backwards for the last zero:
 *     for (i = N; array[i] != 0; i--);
 * Threads 1..N each do  array[j] = array[j-1] + 1.
 * Most interleavings are equivalent; the number of Mazurkiewicz traces is far
 * smaller than the number of interleavings, which makes it a good test of
 * how much redundant work an explorer avoids.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<number of incrementing threads> (default 3).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#ifndef N
#define N 3
#endif

static atomic_int array[N + 1];
static int found = -1;

static void *zero(void *arg) {
    (void)arg;
    int i;
    for (i = N; atomic_load(&array[i]) != 0; i--)
        ;
    found = i;
    return 0;
}

static void *inc(void *arg) {
    int j = (int)(intptr_t)arg;
    atomic_store(&array[j], atomic_load(&array[j - 1]) + 1);
    return 0;
}

int main(void) {
    pthread_t t[N + 1];
    pthread_create(&t[0], 0, zero, 0);
    for (int j = 1; j <= N; j++)
        pthread_create(&t[j], 0, inc, (void *)(intptr_t)j);
    for (int j = 0; j <= N; j++)
        pthread_join(t[j], 0);
    /* array[0] is never written, so the scan always stops at some i >= 0. */
    assert(found >= 0 && found <= N);
    return 0;
}
