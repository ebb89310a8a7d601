// args: --nondet symbolic
// expect: bug assertion
// expect-message: reach_error() was called
// A bug behind a branch on two inputs: only x > y with x - y == 7 and
// y == 3 (so x == 10) reaches the error. No enumeration of ints finds it;
// the solver must.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (x > y) {
        if (x - y == 7 && y == 3)
            reach_error();
    }
    return 0;
}
