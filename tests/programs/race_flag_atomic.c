// expect: safe
// Twin of race_flag_publication.c: the flag is atomic, so the writer's data
// store happens before the reader's data load whenever the flag is seen.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int ready;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store(&ready, 1);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    if (atomic_load(&ready))
        assert(data == 42);
    pthread_join(t, NULL);
    return 0;
}
