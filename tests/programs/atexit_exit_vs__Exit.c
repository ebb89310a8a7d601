// expect: bug assertion
// expect-bugs: 1
// exit() runs the atexit handlers, _Exit() does not. The worker decides
// which one main calls; only the runs in which main calls exit() reach the
// failing handler.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

atomic_int quick;

static void handler(void) { assert(0 && "handler ran"); }

static void *worker(void *arg) {
    (void)arg;
    atomic_store(&quick, 1);
    return NULL;
}

int main(void) {
    atexit(handler);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    if (atomic_load(&quick))
        _Exit(0);
    exit(0);
}
