/*
 * sym_bug(N): N workers each lock a mutex and advance a shared sequence
 * number if it is their turn, in reverse order (worker N-1 first, then
 * N-2, ..., 0); a checker thread draws a symbolic int x, reads the sequence
 * number under the lock and fails an assertion when x == 42 and all N
 * workers went before it in that order.
 *
 * The bug needs one input value (x == 42) and one locking order of the
 * N + 1 lock sections ((N+1)! orders): the explorer has to combine the
 * interleaving with the input.  The checker branches on x in every
 * execution (two path classes per trace).
 *
 * Buggy program: the expected verdict is bug (assertion), with x = 42.
 * Parameter: -DN=<number of workers> (default 3).
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

#ifdef NATIVE
static int __VERIFIER_nondet_int(void) { return 0; }
#else
extern int __VERIFIER_nondet_int(void);
#endif

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int seq;

static void *worker(void *arg) {
    int id = (int)(long)arg;
    pthread_mutex_lock(&lock);
    if (seq == N - 1 - id)
        seq++;
    pthread_mutex_unlock(&lock);
    return 0;
}

static void *checker(void *arg) {
    (void)arg;
    int x = __VERIFIER_nondet_int();
    pthread_mutex_lock(&lock);
    int s = seq;
    pthread_mutex_unlock(&lock);
    if (x == 42)
        assert(s != N);
    return 0;
}

int main(void) {
    pthread_t c, t[N];
    pthread_create(&c, 0, checker, 0);
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    pthread_join(c, 0);
    return 0;
}
