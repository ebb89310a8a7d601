// expect: safe
// expect-output: busy
// trylock acquires a free mutex (returns 0) and fails with EBUSY on a mutex
// another thread holds, without blocking.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *prober(void *arg) {
    (void)arg;
    int rc = pthread_mutex_trylock(&m);
    if (rc == 0)
        pthread_mutex_unlock(&m);
    return (void *)(intptr_t)rc;
}

int main(void) {
    assert(pthread_mutex_trylock(&m) == 0);

    pthread_t t;
    void *result;
    pthread_create(&t, NULL, prober, NULL);
    pthread_join(t, &result); /* main holds m for the prober's whole life */
    assert((int)(intptr_t)result == EBUSY);
    puts("busy");

    assert(pthread_mutex_unlock(&m) == 0);
    assert(pthread_mutex_trylock(&m) == 0);
    assert(pthread_mutex_unlock(&m) == 0);
    return 0;
}
