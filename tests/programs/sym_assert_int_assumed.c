// args: --nondet symbolic
// expect: safe executions=1
// The fixed twin of sym_assert_int.c: __VERIFIER_assume(x != 5) puts
// x != 5 into the path constraint, so the failing side of the assertion is
// infeasible (a blocked execution, not counted) and the one feasible path
// is the only execution.
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x != 5);
    assert(x != 5);
    return 0;
}
