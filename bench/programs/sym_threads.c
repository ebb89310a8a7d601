/*
 * sym_threads(N): N threads each draw a symbolic int, classify it into one
 * of three classes (negative, zero, positive), do some thread-local work
 * that depends on the class, and then lock a mutex, increment a shared
 * counter and the shared count of their class, and unlock.  main checks
 * the totals after joining.
 *
 * The inputs only steer thread-local computation, so with symbolic inputs
 * and Optimal-DPOR the executions are (lock orders) x (path classes):
 * N! x 3^N.  With -DCHAR the inputs are `char`s, so `--nondet enumerate`
 * can run every value concretely as an oracle (256^N inputs).
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<number of threads> (default 3).
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

#ifdef CHAR
typedef char input_t;
#define NONDET __VERIFIER_nondet_char
#else
typedef int input_t;
#define NONDET __VERIFIER_nondet_int
#endif

#ifdef NATIVE
#include <stdlib.h>
static input_t NONDET(void) { return (input_t)(rand() % 3 - 1); }
#else
extern input_t NONDET(void);
#endif

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;
static int per_class[3];

static void *worker(void *arg) {
    (void)arg;
    input_t x = NONDET();
    int cls, work = 0;
    if (x < 0) {
        cls = 0;
        work = -(x / 2);
    } else if (x == 0) {
        cls = 1;
    } else {
        cls = 2;
        work = x % 7;
    }
    assert(work >= 0);
    pthread_mutex_lock(&lock);
    counter++;
    per_class[cls]++;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(counter == N);
    assert(per_class[0] + per_class[1] + per_class[2] == N);
    return 0;
}
