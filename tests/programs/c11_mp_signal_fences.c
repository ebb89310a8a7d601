// expect: bug data-race
// Twin of c11_mp_fences.c with atomic_signal_fence: a signal fence orders a
// thread only against its own signal handlers and synchronises no threads,
// so the data accesses race.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_signal_fence(memory_order_release);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (atomic_load_explicit(&flag, memory_order_relaxed)) {
        atomic_signal_fence(memory_order_acquire);
        r = data;
    }
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
