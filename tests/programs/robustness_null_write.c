// args: --check-robustness --mm pso
// expect: bug memory
// A write through a null pointer is a bug under every model; the
// robustness check reports it as such.
#include <pthread.h>
#include <stddef.h>

int *p;

static void *worker(void *arg) {
    (void)arg;
    *p = 1;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
