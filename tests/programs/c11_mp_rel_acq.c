// expect: safe
// Message passing with a release store read by an acquire load: the data
// write happens before the read.
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
    if (atomic_load_explicit(&flag, memory_order_acquire))
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
