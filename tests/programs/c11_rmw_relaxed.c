// expect: bug data-race
// Relaxed read-modify-writes order nothing: the reader's fetch_add that sees
// the writer's increment does not make the writer's data write happen before
// its read.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int count;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (atomic_fetch_add_explicit(&count, 1, memory_order_relaxed) == 1)
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
