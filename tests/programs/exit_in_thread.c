// expect: safe
// exit() called by a worker thread ends the whole program, so main never
// returns from its join and never reaches the failing assert.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static void *worker(void *arg) {
    (void)arg;
    exit(0);
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    assert(0 && "not reached: the worker called exit()");
    return 0;
}
