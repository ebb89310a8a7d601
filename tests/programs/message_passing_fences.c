// expect: safe
// Message passing with relaxed atomics and release/acquire fences: a reader
// that sees the flag also sees the data.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int data = 0;
atomic_int flag = 0;

static void *writer(void *arg) {
    (void)arg;
    atomic_store_explicit(&data, 42, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    if (atomic_load_explicit(&flag, memory_order_relaxed)) {
        atomic_thread_fence(memory_order_acquire);
        assert(atomic_load_explicit(&data, memory_order_relaxed) == 42);
    }
    return NULL;
}

int main(void) {
    pthread_t w, r;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, NULL);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    return 0;
}
