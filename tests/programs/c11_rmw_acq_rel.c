// expect: safe
// Twin of c11_rmw_relaxed.c with acq_rel read-modify-writes: the reader's
// fetch_add that sees the writer's increment synchronises with it.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int count;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_fetch_add_explicit(&count, 1, memory_order_acq_rel);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (atomic_fetch_add_explicit(&count, 1, memory_order_acq_rel) == 1)
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
