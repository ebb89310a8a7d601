// args: --nondet symbolic
// expect: bug assertion
// A compare-exchange on shared memory whose expected value is an input:
// whether it succeeds depends on the input, and it decides whether the
// event writes, so it is decided before the event (concretised when the
// comparison is symbolic). Here the stored value is concrete and the input
// only selects success: both outcomes are explored through the fork on
// the input first.
#include <assert.h>
#include <pthread.h>
#include <stdbool.h>

extern int __VERIFIER_nondet_int(void);

int lock_word;

void *worker(void *arg) {
    (void)arg;
    int expected = __VERIFIER_nondet_int();
    if (expected == 0 || expected == 7) {
        bool ok = __atomic_compare_exchange_n(&lock_word, &expected, 1, false,
                                              __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        assert(ok);
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}
