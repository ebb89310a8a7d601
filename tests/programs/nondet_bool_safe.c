// args: --nondet fixed
// expect: safe executions=4
// Outside symbolic mode __VERIFIER_nondet_bool is an explorer choice. Two
// independent choices give four executions (a choice touches nothing,
// so it is ordered with no other event): every combination of values is
// explored once, and the property holds for all of them.
#include <assert.h>

extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
    _Bool a = __VERIFIER_nondet_bool();
    _Bool b = __VERIFIER_nondet_bool();
    int n = a + b;
    assert(n >= 0 && n <= 2);
    return 0;
}
