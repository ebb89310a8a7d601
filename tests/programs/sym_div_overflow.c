// args: --nondet symbolic
// expect: bug undefined-behavior
// expect-message: smallest 32-bit integer by -1
// The divisor is assumed non-zero, but both operands are inputs: x ==
// INT_MIN with d == -1 overflows, undefined behaviour like the concrete
// div_overflow_int.c.
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int d = __VERIFIER_nondet_int();
    __VERIFIER_assume(d != 0);
    int q = x / d;
    return q == 12345;
}
