// args: --por none --no-race-check
// expect: safe executions=4
// __VERIFIER_assume(false) cuts an execution without reporting a bug: main
// only continues in interleavings where the worker already set the flag.
// Main creates the worker, loads, assumes (an event of its own, so that
// other threads can run between the load and the check), loads again for
// the assert, joins and exits; the worker stores and exits. The
// interleavings where main loads first are cut
// (counted as blocked, not as executions); in the other 4 the worker
// stored first and exits before main's first load, its assume, its second
// load or its join.
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
