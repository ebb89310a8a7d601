// expect: safe executions=1
// Under --nondet symbolic (the default) __VERIFIER_nondet_bool is a
// one-bit input, not a choice: the sum of two of them is between 0 and 2
// for every value, so each comparison has one infeasible side and a single
// execution covers all four combinations (`nondet_bool_safe` explores them
// one by one under --nondet fixed).
#include <assert.h>

extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
    _Bool a = __VERIFIER_nondet_bool();
    _Bool b = __VERIFIER_nondet_bool();
    int n = a + b;
    assert(n >= 0 && n <= 2);
    return 0;
}
