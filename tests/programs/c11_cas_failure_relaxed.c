// expect: bug data-race
// A failed compare-exchange is a load with the failure order: with a relaxed
// failure order it acquires nothing from the release store it reads, so the
// data accesses race (the acq_rel success order does not apply).
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
                                                 memory_order_relaxed) &&
        expected == 1)
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
