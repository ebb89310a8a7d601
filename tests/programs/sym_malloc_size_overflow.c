// args: --nondet symbolic
// expect: bug memory
// expect-message: out-of-bounds
// The same allocation written one byte too far: p[n] is outside the
// n-byte block for every size, and the witness's n replays concretely.
#include <stdlib.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n > 0 && n < 16);
    char *p = malloc(n);
    if (p) {
        p[n] = 1;
        free(p);
    }
    return 0;
}
