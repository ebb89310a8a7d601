// expect: safe
// Twin of race_dcl.c: the pointer is read and published with atomics, so
// the initialisation happens before every use.
#include <pthread.h>
#include <stdlib.h>

struct config { int value; };
struct config *instance;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static struct config *get(void) {
    struct config *c = __atomic_load_n(&instance, __ATOMIC_SEQ_CST);
    if (!c) {
        pthread_mutex_lock(&m);
        c = __atomic_load_n(&instance, __ATOMIC_SEQ_CST);
        if (!c) {
            c = malloc(sizeof *c);
            c->value = 7;
            __atomic_store_n(&instance, c, __ATOMIC_SEQ_CST);
        }
        pthread_mutex_unlock(&m);
    }
    return c;
}

static void *worker(void *arg) {
    (void)arg;
    return (void *)(long)get()->value;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
