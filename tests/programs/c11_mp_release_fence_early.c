// expect: bug data-race
// The release fence comes before the data write: the relaxed store publishes
// what happened before the fence only, so the data accesses race even though
// the reader has an acquire fence.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    atomic_thread_fence(memory_order_release);
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (atomic_load_explicit(&flag, memory_order_relaxed)) {
        atomic_thread_fence(memory_order_acquire);
        r = data;
    }
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
