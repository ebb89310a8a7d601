// expect: bug data-race
// The acquire fence comes before the relaxed load: it acquires only what
// relaxed loads before it read, so the data accesses race even though the
// writer has a release fence.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    atomic_thread_fence(memory_order_acquire);
    if (atomic_load_explicit(&flag, memory_order_relaxed)) {
        r = data;
    }
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
