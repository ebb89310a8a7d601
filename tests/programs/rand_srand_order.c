// expect: bug assertion
// srand reseeds the generator every thread draws from: which numbers main
// gets depends on whether the worker's srand(42) comes first, an order the
// reduction explores. glibc's first number after srand(42) is 71876166.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static void *worker(void *arg) {
    (void)arg;
    srand(42);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int v = rand();
    pthread_join(t, NULL);
    assert(v != 71876166);
    return 0;
}
