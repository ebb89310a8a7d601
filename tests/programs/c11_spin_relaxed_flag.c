// expect: bug data-race
// Twin of spin_wait_flag.c with a relaxed flag: the spin loop ends once it
// reads the writer's flag, but a relaxed load acquires nothing, so the data
// accesses race (waking a spin-blocked thread is not synchronisation).
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;
int data;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    while (!atomic_load_explicit(&flag, memory_order_relaxed))
        ;
    int r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
