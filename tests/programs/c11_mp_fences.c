// expect: safe
// Message passing through relaxed atomics with fences: a release fence before
// the relaxed store and an acquire fence after the relaxed load that reads it
// synchronise (C11 fence rules), so the plain data write happens before the
// read.
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
    if (atomic_load_explicit(&flag, memory_order_relaxed)) {
        atomic_thread_fence(memory_order_acquire);
        r = data;
    }
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
