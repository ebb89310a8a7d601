// args: --nondet symbolic
// expect: incomplete
// expect-limit: symbolic
// A symbolic size passed to malloc is forked into each value up to 64;
// larger sizes are concretised (one is allocated), so a run whose sizes
// are all larger covers only one of them: no bug, verdict incomplete
// (limit symbolic), never safe.
#include <stdlib.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n >= 100 && n < 200);
    char *p = malloc(n);
    if (p) {
        p[0] = 1;
        free(p);
    }
    return 0;
}
