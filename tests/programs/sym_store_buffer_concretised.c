// args: --mm tso
// expect: incomplete
// expect-limit: symbolic
// Under TSO a store goes into the thread's store buffer, which holds
// concrete bytes: a symbolic value stored to shared memory is concretised
// (one value kept), so the run cannot show that no input breaks the
// check, and says incomplete (limit symbolic), never safe. Under SC the
// same program is a bug (g == 7).
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int g;

static void *t(void *a) {
    (void)a;
    g = __VERIFIER_nondet_int();
    return 0;
}

int main(void) {
    pthread_t x;
    pthread_create(&x, 0, t, 0);
    pthread_join(x, 0);
    assert(g != 7);
    return 0;
}
