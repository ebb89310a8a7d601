// args: --nondet symbolic
// expect: bug assertion
// expect-message: assertion `d != 3` failed
// The witness of an input-dependent bug in a worker, found after main
// created a second thread, must replay: the symbolic branch that picks the
// failing side is an event of the symbolic run, while the replay runs the
// recorded input (d = 3) concretely, without that branch event, and must
// still reach the same assertion. With one thread this works
// (sym_div_by_zero.c); here the second create comes between.
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

static void *checker(void *arg) {
    (void)arg;
    int d = __VERIFIER_nondet_int();
    assert(d != 3);
    return NULL;
}

static void *idle(void *arg) {
    (void)arg;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, checker, NULL);
    pthread_create(&b, NULL, idle, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
