// expect: safe
// expect-output: timed out or locked
// pthread_mutex_timedlock and pthread_mutex_clocklock either take the mutex
// (returning 0) or time out (ETIMEDOUT) while another thread holds it; the
// caller checks the result.
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter, timeouts;

static void *worker(void *arg) {
    (void)arg;
    struct timespec deadline = {1, 0};
    int rc = pthread_mutex_timedlock(&m, &deadline);
    assert(rc == 0 || rc == ETIMEDOUT);
    if (rc == 0) {
        counter++;
        pthread_mutex_unlock(&m);
    }
    rc = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &deadline);
    assert(rc == 0 || rc == ETIMEDOUT);
    if (rc == 0) {
        counter++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(counter >= 1 && counter <= 3);
    printf("timed out or locked\n");
    return 0;
}
