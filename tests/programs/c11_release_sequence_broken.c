// expect: bug data-race
// Twin of c11_release_sequence_rmw.c where the other thread reads 1 and then
// stores 2 with a relaxed store instead of a read-modify-write: a store ends
// the release sequence, so the acquire load that reads 2 synchronises with
// nobody (though 2 is only stored after the writer's store) and the data
// accesses race.
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

static void *bumper(void *arg) {
    (void)arg;
    if (atomic_load_explicit(&flag, memory_order_relaxed) == 1)
        atomic_store_explicit(&flag, 2, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t w, b;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&b, NULL, bumper, NULL);
    int r = 0;
    if (atomic_load_explicit(&flag, memory_order_acquire) == 2)
        r = data;
    pthread_join(w, NULL);
    pthread_join(b, NULL);
    (void)r;
    return 0;
}
