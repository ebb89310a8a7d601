// expect: safe
// expect-output: total 10
// A writer updates two fields together under the write lock; readers under
// the read lock always see them consistent. The writer excludes readers
// and other writers.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_rwlock_t lock;
int a = 5, b = 5;

static void *reader(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&lock);
    assert(a + b == 10);
    pthread_rwlock_unlock(&lock);
    return 0;
}

static void *writer(void *arg) {
    (void)arg;
    pthread_rwlock_wrlock(&lock);
    a = a - 2;
    b = b + 2;
    pthread_rwlock_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t r1, r2, w1, w2;
    assert(pthread_rwlock_init(&lock, 0) == 0);
    pthread_create(&r1, 0, reader, 0);
    pthread_create(&w1, 0, writer, 0);
    pthread_create(&r2, 0, reader, 0);
    pthread_create(&w2, 0, writer, 0);
    pthread_join(r1, 0);
    pthread_join(r2, 0);
    pthread_join(w1, 0);
    pthread_join(w2, 0);
    printf("total %d\n", a + b);
    assert(pthread_rwlock_destroy(&lock) == 0);
    return 0;
}
