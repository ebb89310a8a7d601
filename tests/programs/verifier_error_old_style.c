// expect: bug assertion
// SV-COMP tasks written before 2020 mark their error location with a call
// of `__VERIFIER_error()`, which `reach_error()` replaced: a call of it is an
// assertion failure. Both writers must have incremented before the reader
// can see 2, so the check fails once both have run.
#include <pthread.h>

extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int x;

static void *writer(void *arg) {
    (void)arg;
    __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, writer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (__atomic_load_n(&x, __ATOMIC_SEQ_CST) == 2)
        __VERIFIER_error();
    return 0;
}
