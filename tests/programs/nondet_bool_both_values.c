// expect: bug assertion
// expect-bugs: 1
// __VERIFIER_nondet_bool() is a choice: both values are explored. The
// assertion fails only when the worker chooses 1 and then runs before
// main's read, so the reduction must combine the choice with the
// interleavings.
#include <assert.h>
#include <pthread.h>

extern _Bool __VERIFIER_nondet_bool(void);

int x;

static void *worker(void *arg) {
    (void)arg;
    if (__VERIFIER_nondet_bool())
        __atomic_store_n(&x, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = __atomic_load_n(&x, __ATOMIC_SEQ_CST);
    pthread_join(t, NULL);
    assert(seen == 0 || x == 0);
    return 0;
}
