// args: --por none --no-race-check
// expect: safe executions=3
// __VERIFIER_assume(false) cuts an execution without reporting a bug: main
// only continues in interleavings where the worker already set the flag.
// Main: create, load (assume), load (assert), join, exit; worker: store,
// exit. The one interleaving where main loads first is cut (counted as
// blocked, not as an execution); in the other 3 the worker stored first.
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_assume(int cond);

int flag = 0;

static void *worker(void *arg) {
    (void)arg;
    flag = 1;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    __VERIFIER_assume(flag == 1);
    assert(flag == 1);
    pthread_join(t, NULL);
    return 0;
}
