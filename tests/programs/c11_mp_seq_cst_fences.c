// expect: safe
// Message passing through relaxed atomics with seq_cst fences: a seq_cst fence
// is both a release and an acquire fence, so the data write happens before
// the read.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_thread_fence(memory_order_seq_cst);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (atomic_load_explicit(&flag, memory_order_relaxed)) {
        atomic_thread_fence(memory_order_seq_cst);
        r = data;
    }
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
