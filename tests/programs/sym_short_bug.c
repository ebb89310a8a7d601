// args: --nondet symbolic
// expect: bug assertion
// expect-message: assertion `s + us != 70000` failed
// short and unsigned short inputs, promoted to int: s + us reaches 70000
// (for example 32767 + 37233), beyond either type's range.
#include <assert.h>

extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
    short s = __VERIFIER_nondet_short();
    unsigned short us = __VERIFIER_nondet_ushort();
    assert(s + us != 70000);
    return 0;
}
