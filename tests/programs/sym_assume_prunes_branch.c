// args: --nondet symbolic
// expect: safe executions=1
// The assumption makes one side of the branch infeasible: x > 10 rules out
// x < 5, so reach_error() is unreachable; that side ends blocked
// (`infeasible`, not counted) and one execution remains.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 10);
    if (x < 5)
        reach_error();
    return 0;
}
