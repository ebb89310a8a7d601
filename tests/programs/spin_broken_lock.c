// expect: bug assertion
// A broken spin lock: test, then set, with two separate atomic operations.
// Both workers can see the lock free before either sets it, and both enter.
// The spin loop must not hide that interleaving.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock;
atomic_int inside;

static void *worker(void *arg) {
    (void)arg;
    while (atomic_load(&lock))
        ;
    atomic_store(&lock, 1);
    assert(atomic_fetch_add(&inside, 1) == 0);
    atomic_fetch_sub(&inside, 1);
    atomic_store(&lock, 0);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
