// args: --nondet symbolic
// expect: bug assertion
// expect-message: reach_error() was called
// 64-bit inputs: the error needs a long above 2^32 with a given remainder,
// and an unsigned long with u * 3 == 7 modulo 2^64 (one exists, since 3
// is odd and unsigned arithmetic wraps around).
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);

int main(void) {
    long l = __VERIFIER_nondet_long();
    unsigned long u = __VERIFIER_nondet_ulong();
    if (l > 0x100000000L && l % 1000003 == 17) {
        if (u * 3 == 7)
            reach_error();
    }
    return 0;
}
