// expect: bug data-race
// The GNU __atomic builtins carry their memory order: a flag stored and
// loaded with __ATOMIC_RELAXED synchronises nothing, so the data accesses
// race.
#include <pthread.h>

int data;
int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (__atomic_load_n(&flag, __ATOMIC_RELAXED))
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
