// args: --nondet symbolic
// expect: safe executions=15
// A symbolic allocation size is decided by the solver: the fork has one
// alternative per size up to 64, so each of the 15 sizes the assumption
// allows (1 to 15) is one execution, with its own object, and the last
// byte of each is in bounds.
#include <stdlib.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n > 0 && n < 16);
    char *p = malloc(n);
    if (p) {
        p[n - 1] = 1;
        free(p);
    }
    return 0;
}
