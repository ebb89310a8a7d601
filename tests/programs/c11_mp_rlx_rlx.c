// expect: bug data-race
// Message passing through a relaxed store and a relaxed load: in C11 nothing
// synchronises, so the reader's read of the data races with the write.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (atomic_load_explicit(&flag, memory_order_relaxed))
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
