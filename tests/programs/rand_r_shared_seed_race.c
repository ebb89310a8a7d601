// expect: bug data-race
// rand_r reads and writes the seed it is given: two threads sharing one
// seed without a lock race on it.
#include <pthread.h>
#include <stdlib.h>

unsigned seed = 7;

static void *worker(void *arg) {
    (void)arg;
    rand_r(&seed);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    rand_r(&seed);
    pthread_join(t, NULL);
    return 0;
}
