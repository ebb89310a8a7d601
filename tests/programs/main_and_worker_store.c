// args: --por none
// expect: safe executions=3
// Main stores to one global between creating and joining a worker that
// stores to another. Main: create, store, join, exit; worker: store, exit.
// Main's store can come before, between or after the worker's two
// operations, which makes 3 interleavings.
#include <pthread.h>

int from_main = 0, from_worker = 0;

static void *worker(void *arg) {
    (void)arg;
    from_worker = 1;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    from_main = 1;
    pthread_join(t, NULL);
    return 0;
}
