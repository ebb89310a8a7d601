/*
 * sym_loop(N): a worker thread draws a symbolic input x, assumes it fits in
 * N bits, and loops over its N bits, branching on each (KLEE-style path
 * explosion: 2^N path classes, one execution each); it then publishes the
 * number of set bits under a mutex and main checks it is at most N.
 *
 * With -DLINEAR the loop instead compares x with each i < N, assuming
 * x <= N: only N + 1 of the 2^N branch combinations are feasible, and the
 * solver has to refute the others (infeasible branch sides).
 *
 * With -DUCHAR the input is an `unsigned char` (N <= 8), so that
 * `--nondet enumerate` can run every value concretely as an oracle (256
 * executions whatever N is).
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<loop iterations = bits of the input> (default 4).
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 4
#endif

#ifdef UCHAR
typedef unsigned char input_t;
#define NONDET __VERIFIER_nondet_uchar
#else
typedef unsigned input_t;
#define NONDET __VERIFIER_nondet_uint
#endif

#ifdef NATIVE
#include <stdlib.h>
static input_t NONDET(void) { return (input_t)rand(); }
static void __VERIFIER_assume(int cond) {
    if (!cond)
        exit(0);
}
#else
extern input_t NONDET(void);
extern void __VERIFIER_assume(int);
#endif

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int result = -1;

static void *worker(void *arg) {
    (void)arg;
    input_t x = NONDET();
    int count = 0;
#ifdef LINEAR
    __VERIFIER_assume(x <= N);
    for (int i = 0; i < N; i++)
        if (x > (input_t)i)
            count++;
#else
    __VERIFIER_assume((unsigned long long)x < (1ull << N));
    for (int i = 0; i < N; i++)
        if (x & ((input_t)1 << i))
            count++;
#endif
    pthread_mutex_lock(&lock);
    result = count;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    assert(result >= 0 && result <= N);
    return 0;
}
