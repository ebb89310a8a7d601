// args: --nondet symbolic
// expect: bug undefined-behavior
// expect-message: division by zero
// A worker divides by an input: the divisor can be zero (for d == 0 only),
// which the solver decides, like the concrete div_by_zero.c.
#include <pthread.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);

int total = 100;
int share;

static void *split(void *arg) {
    (void)arg;
    int d = __VERIFIER_nondet_int();
    share = total / d;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, split, NULL);
    pthread_join(t, NULL);
    return 0;
}
