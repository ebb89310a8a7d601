// expect: bug data-race
// Two threads update a counter holding the rwlock only for reading: read
// locks do not exclude each other, so the updates race. (weft must not
// order the two readers through the lock.)
#include <pthread.h>

pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
int hits;

static void *worker(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&lock);
    hits++;
    pthread_rwlock_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
