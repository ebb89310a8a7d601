// args: --nondet symbolic
// expect: bug assertion
// expect-message: assertion `x != 5` failed
// With symbolic inputs, an assertion that fails for some input is a bug:
// the solver finds x = 5, and the witness (input and schedule) replays.
// With `--nondet fixed` (x = 0) the same program is only `incomplete`
// (see nondet_assert.c).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x != 5);
    return 0;
}
