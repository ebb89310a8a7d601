// args: --nondet symbolic
// expect: safe executions=2
// Every __VERIFIER_nondet_* type as a symbolic input of its width and
// signedness; each property holds for every value (given the
// assumptions), so with symbolic inputs the verdict is safe, where
// `--nondet fixed` can only say incomplete (nondet_types.c). Only the
// first test of `b == 0 || b == 1` has two feasible sides (the second is
// then true, a bool being 0 or 1); every other check has one, so there
// are 2 executions.
#include <assert.h>

extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    _Bool b = __VERIFIER_nondet_bool();
    assert(b == 0 || b == 1);

    char c = __VERIFIER_nondet_char();
    assert(c >= -128 && c <= 127);

    unsigned char uc = __VERIFIER_nondet_uchar();
    assert((unsigned)uc + 1u <= 256u);

    short s = __VERIFIER_nondet_short();
    __VERIFIER_assume(s > -100 && s < 100);
    assert(s * s < 10000);

    unsigned short us = __VERIFIER_nondet_ushort();
    assert(us / 2u <= 32767u);

    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i < 1000);
    assert(i + 1 > 0);

    unsigned int u = __VERIFIER_nondet_uint();
    assert(u % 7u < 7u);

    long l = __VERIFIER_nondet_long();
    __VERIFIER_assume(l > 0);
    assert(l - 1 >= 0);

    unsigned long ul = __VERIFIER_nondet_ulong();
    assert(ul >> 63 <= 1);
    return 0;
}
