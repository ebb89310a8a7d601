// args: --nondet symbolic
// expect: safe executions=2
// The guarded twin of sym_div_by_zero.c: the division only runs when
// d != 0, so the divisor cannot be zero there. Two feasible paths (d == 0
// and d != 0); 100 / d lies in [-100, 100], so both sides of the
// assertion's && that would fail are infeasible.
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int d = __VERIFIER_nondet_int();
    int q = 0;
    if (d != 0)
        q = 100 / d;
    assert(q <= 100 && q >= -100);
    return 0;
}
