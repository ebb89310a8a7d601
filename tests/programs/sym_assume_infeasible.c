// args: --nondet symbolic
// expect: safe executions=0
// Contradicting assumptions: no input satisfies c > 10 and c < 5, so the
// only path ends blocked (assume) before reach_error(), no execution runs
// to its end and there is no bug. The enumeration (`--nondet enumerate`)
// gives the same: all 256 values end blocked, executions=0.
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    char c = __VERIFIER_nondet_char();
    __VERIFIER_assume(c > 10);
    __VERIFIER_assume(c < 5);
    reach_error();
    return 0;
}
