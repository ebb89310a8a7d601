// expect: safe
// A lock-free increment with a compare_exchange_weak retry loop.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    int old = atomic_load(&counter);
    while (!atomic_compare_exchange_weak(&counter, &old, old + 1)) {
        /* old now holds the current value; retry */
    }
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
