/*
 * sym_index(N): N threads each draw a symbolic index i, assume 0 <= i < N,
 * and under a mutex increment a[i] of a shared array of N ints, then check
 * that the element they wrote is positive.  main checks that the elements
 * add up to N after joining.
 *
 * The index is never branched on, but `a[i]` goes through a symbolic
 * address: weft resolves it by forking over the array's N elements (plus
 * an out-of-bounds and a misaligned side, both refuted by the solver), so
 * the executions are the N! lock orders x N^N index choices.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<number of threads and array elements> (default 3).
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

#ifdef NATIVE
#include <stdlib.h>
static unsigned __VERIFIER_nondet_uint(void) { return (unsigned)rand(); }
static void __VERIFIER_assume(int cond) {
    if (!cond)
        exit(0);
}
#else
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
#endif

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int a[N];

static void *worker(void *arg) {
    (void)arg;
    unsigned i = __VERIFIER_nondet_uint();
    __VERIFIER_assume(i < N);
    pthread_mutex_lock(&lock);
    a[i]++;
    assert(a[i] > 0);
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    int sum = 0;
    for (int i = 0; i < N; i++)
        sum += a[i];
    assert(sum == N);
    return 0;
}
