// expect: safe
// Twin of c11_cas_failure_relaxed.c with an acquire failure order: the failed
// compare-exchange that reads the release store synchronises with it.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    int expected = 2;
    if (!atomic_compare_exchange_strong_explicit(&flag, &expected, 3, memory_order_acq_rel,
                                                 memory_order_acquire) &&
        expected == 1)
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
