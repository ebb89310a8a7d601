// expect: safe
// expect-output: ok
// tryrdlock, trywrlock and the timed variants: EBUSY (or ETIMEDOUT) while
// another thread holds the lock incompatibly, EDEADLK when the caller
// already holds it for writing.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
int held;

static void *other(void *arg) {
    (void)arg;
    struct timespec t = {1, 0};
    int r = pthread_rwlock_tryrdlock(&lock);
    assert(r == 0 || r == EBUSY);
    if (r == 0)
        pthread_rwlock_unlock(&lock);
    r = pthread_rwlock_timedwrlock(&lock, &t);
    assert(r == 0 || r == ETIMEDOUT);
    if (r == 0)
        pthread_rwlock_unlock(&lock);
    r = pthread_rwlock_timedrdlock(&lock, &t);
    assert(r == 0 || r == ETIMEDOUT);
    if (r == 0)
        pthread_rwlock_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, other, 0);
    if (pthread_rwlock_trywrlock(&lock) == 0)
        pthread_rwlock_unlock(&lock);
    pthread_rwlock_wrlock(&lock);
    assert(pthread_rwlock_wrlock(&lock) == EDEADLK);
    assert(pthread_rwlock_rdlock(&lock) == EDEADLK);
    pthread_rwlock_unlock(&lock);
    pthread_join(t, 0);
    assert(pthread_rwlock_trywrlock(&lock) == 0);
    assert(pthread_rwlock_tryrdlock(&lock) == EBUSY);
    pthread_rwlock_unlock(&lock);
    printf("ok\n");
    return 0;
}
