// expect: safe executions=16
// One writer and four readers of an atomic: 2^4 Mazurkiewicz traces (each
// reader reads before or after the write), explored once each.
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

static void *writer(void *arg) {
    (void)arg;
    atomic_store(&x, 1);
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    return (void *)(long)atomic_load(&x);
}

int main(void) {
    pthread_t w, r[4];
    pthread_create(&w, NULL, writer, NULL);
    for (int i = 0; i < 4; i++)
        pthread_create(&r[i], NULL, reader, NULL);
    pthread_join(w, NULL);
    for (int i = 0; i < 4; i++)
        pthread_join(r[i], NULL);
    return 0;
}
