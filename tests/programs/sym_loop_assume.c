// args: --nondet symbolic
// expect: safe executions=4
// Inputs read inside a loop whose bound is itself an input, bounded by an
// assumption (0 <= n <= 3): the loop condition forks once per iteration,
// so there is one path for each n in 0..3 (4 executions; the sides that
// break an assumption end blocked). Each value read in the loop is assumed
// below 10, so the sum stays at most 27 and the assertion holds.
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
    assert(sum <= 27);
    return 0;
}
