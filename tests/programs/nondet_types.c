// expect: safe executions=2
// Every __VERIFIER_nondet_* function returns a symbolic value of its type;
// properties that hold for any value, given the assumptions, are never
// violated, and the solver proves it. The only branch with two feasible
// sides is on the bool (b == 0): two executions; every other check has one
// infeasible side (blocked, not counted).
#include <assert.h>
#include <stdbool.h>

extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void *__VERIFIER_nondet_pointer(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    _Bool b = __VERIFIER_nondet_bool();
    assert(b == 0 || b == 1);

    char c = __VERIFIER_nondet_char();
    __VERIFIER_assume(c >= 0 && c < 100);
    assert(c + 1 <= 100);

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
    assert(l * 0 == 0);

    unsigned long ul = __VERIFIER_nondet_ulong();
    assert(ul >> 63 <= 1);

    void *p = __VERIFIER_nondet_pointer();
    assert(p == p);

    /* Last, because it may cut the execution short. */
    int d = __VERIFIER_nondet_int();
    __VERIFIER_assume(d != 0);
    assert(100 / d <= 100);
    return 0;
}
