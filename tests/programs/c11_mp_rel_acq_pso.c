// expect: safe
// args: --mm pso
// The release store reaches memory through the PSO store buffer: it
// synchronises with the acquire load that reads it once its update is done.
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
