// expect: safe
// expect-output: relock EDEADLK
// Relocking an error-checking mutex fails with EDEADLK instead of blocking;
// the mutex still works normally afterwards, also for another thread.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m;
int shared = 0;

static void *worker(void *arg) {
    (void)arg;
    assert(pthread_mutex_lock(&m) == 0);
    shared++;
    assert(pthread_mutex_unlock(&m) == 0);
    return NULL;
}

int main(void) {
    pthread_mutexattr_t attr;
    assert(pthread_mutexattr_init(&attr) == 0);
    assert(pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK) == 0);
    assert(pthread_mutex_init(&m, &attr) == 0);
    pthread_mutexattr_destroy(&attr);

    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);

    assert(pthread_mutex_lock(&m) == 0);
    int rc = pthread_mutex_lock(&m);
    assert(rc != 0);
    if (rc == EDEADLK)
        puts("relock EDEADLK");
    shared++;
    assert(pthread_mutex_unlock(&m) == 0);

    pthread_join(t, NULL);
    assert(shared == 2);
    pthread_mutex_destroy(&m);
    return 0;
}
