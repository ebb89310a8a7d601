// args: --keep-going
// expect: bug assertion
// expect-bugs: 2
// expect-message: worker_ok
// Main's assertion fails right after the end of its atomic section (a
// footprint of one global, `m`), in the first execution, before the worker
// ran. The worker must then be planned before that section, the step that
// ended the execution, although nothing main did conflicts with the
// worker's events. (It was not: the search stopped after that run and
// missed the worker's own failure.)
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int m, w;

static void *worker(void *arg) {
    (void)arg;
    w = 1;
    int worker_ok = 0;
    assert(worker_ok);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    __VERIFIER_atomic_begin();
    m = 1;
    __VERIFIER_atomic_end();
    int main_ok = 0;
    assert(main_ok);
    pthread_join(t, 0);
    return 0;
}
