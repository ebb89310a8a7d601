// expect: bug assertion executions=2
// expect-message: assertion `x != 5` failed
// The input is symbolic: the solver finds that x == 5 breaks the
// assertion, and the witness records x = 5 so that a concrete replay
// reproduces the bug. The true side runs first and ends normally: two
// executions.
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x != 5);
    return 0;
}
