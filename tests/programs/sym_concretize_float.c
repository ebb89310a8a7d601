// args: --nondet symbolic
// expect: incomplete
// expect-limit: symbolic
// Floating point on symbolic data is concretised: converting the input to
// a double fixes it to one value, so the run cannot be complete. The
// property holds for every input; still, the verdict is incomplete (limit
// symbolic), not safe.
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x <= 100);
    double d = x;
    assert(d * 2.0 <= 200.0);
    return 0;
}
