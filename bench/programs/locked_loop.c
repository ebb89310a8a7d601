/*
 * locked_loop(N): two threads each increment a shared counter N times,
 * each increment under a mutex; main joins them and checks the total.
 *
 * The number of Mazurkiewicz traces grows exponentially with N, so the
 * benchmark runs one execution (`--max-executions 1`): the row measures
 * the cost per event of one long execution with two threads racing for a
 * lock, which must not grow with its length.
 *
 * Correct program: every execution passes its assertions.
 * Parameter: -DN=<increments per thread> (default 1000).
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 1000
#endif

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *worker(void *arg) {
    (void)arg;
    for (long i = 0; i < N; i++) {
        pthread_mutex_lock(&lock);
        counter++;
        pthread_mutex_unlock(&lock);
    }
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(counter == 2 * N);
    return 0;
}
