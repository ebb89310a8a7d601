/*
 * mutex_counter(N): N threads each lock a mutex, increment a plain (non-
 * atomic) int, and unlock; main checks the total after joining.
 *
 * The mutex orders every access to the counter, so the program is free of
 * data races; there are N! Mazurkiewicz traces (one per locking order).
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

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock);
    counter++;
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
    return 0;
}
