// expect: safe
// expect-output: done
// A timed wait that handles ETIMEDOUT by retrying until the predicate holds
// (pthread_cond_timedwait and glibc's pthread_cond_clockwait). Timeouts and
// spurious wakeups are explored; repeating a timeout that changes nothing is
// cut like a spin loop.
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

static void *signaller(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

static void *clock_waiter(void *arg) {
    (void)arg;
    struct timespec deadline = {1, 0};
    pthread_mutex_lock(&m);
    while (!ready) {
        int rc = pthread_cond_clockwait(&c, &m, CLOCK_MONOTONIC, &deadline);
        assert(rc == 0 || rc == ETIMEDOUT);
    }
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t, u;
    struct timespec deadline = {1, 0};
    pthread_create(&t, 0, signaller, 0);
    pthread_create(&u, 0, clock_waiter, 0);
    pthread_mutex_lock(&m);
    while (!ready) {
        int rc = pthread_cond_timedwait(&c, &m, &deadline);
        assert(rc == 0 || rc == ETIMEDOUT);
    }
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    pthread_join(u, 0);
    printf("done\n");
    return 0;
}
