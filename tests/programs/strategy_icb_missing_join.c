// args: --strategy icb --max-bound 0 --no-race-check
// expect: bug assertion
// expect-found: strategy=icb preemptions=0
// Main reads the worker's result without joining it first. Bound 0 already
// exposes this: after creating the worker main simply goes on running (no
// preemption) and loads the result before the worker has stored it. The
// failing schedule is main's create and main's load; the worker never runs.
#include <assert.h>
#include <pthread.h>

int result = 0;

static void *worker(void *arg) {
    (void)arg;
    result = 42;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    assert(result == 42); /* forgot pthread_join before this */
    pthread_join(t, NULL);
    return 0;
}
