// args: --nondet symbolic
// expect: incomplete
// expect-limit: symbolic
// A symbolic size passed to malloc is concretised (one size is allocated),
// so the run covers only that size: no bug, verdict incomplete (limit
// symbolic).
#include <stdlib.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n > 0 && n < 16);
    char *p = malloc(n);
    if (p) {
        p[0] = 1;
        free(p);
    }
    return 0;
}
