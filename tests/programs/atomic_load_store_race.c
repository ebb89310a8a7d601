// expect: bug assertion
// Atomic loads and stores do not make a read-modify-write atomic: the
// increment can still be lost.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    int v = atomic_load(&counter);
    atomic_store(&counter, v + 1);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(atomic_load(&counter) == 2);
    return 0;
}
