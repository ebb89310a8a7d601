// args: --nondet symbolic
// expect: bug assertion
// expect-message: assertion `sum < 27` failed
// The buggy twin of sym_loop_assume.c: the sum reaches 27 only with n == 3
// and three inputs of 9, read in three iterations of the loop.
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 3);
    int sum = 0;
    for (int i = 0; i < n; i++) {
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v < 10);
        sum += v;
    }
    assert(sum < 27);
    return 0;
}
