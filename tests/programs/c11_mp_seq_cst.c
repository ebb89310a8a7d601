// expect: safe
// Message passing with seq_cst store and load: they are a release and an
// acquire, so the data write happens before the read.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_seq_cst);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (atomic_load_explicit(&flag, memory_order_seq_cst))
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
