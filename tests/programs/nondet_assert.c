// args: --nondet fixed
// expect: incomplete
// expect-limit: nondet
// With `--nondet fixed` the nondeterministic value is fixed to 0, so the
// assertion holds in the one execution weft runs, but x == 5 would break
// the assertion: the verdict must be incomplete (limit nondet), never safe.
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x != 5);
    return 0;
}
