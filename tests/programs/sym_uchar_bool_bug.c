// args: --nondet symbolic
// expect: bug assertion
// expect-message: reach_error() was called
// An unsigned char and a bool: the error needs b true and c == 200 (a
// value above 127, so the input must not be sign-extended). The
// enumeration (`--nondet enumerate`) finds the same bug.
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);

int main(void) {
    unsigned char c = __VERIFIER_nondet_uchar();
    _Bool b = __VERIFIER_nondet_bool();
    if (b && c == 200)
        reach_error();
    return 0;
}
