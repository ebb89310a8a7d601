// args: --nondet symbolic
// expect: safe executions=3
// Feasible path classes of two branches on two inputs, each explored once:
// x < y (then x == y is infeasible), x > y, and x == y. Three executions,
// whatever the number of values (no enumeration).
#include <assert.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    int a, b = 0;
    if (x < y)
        a = 1;
    else
        a = 2;
    if (x == y)
        b = 1;
    assert(a == 2 || b == 0);
    printf("a=%d b=%d\n", a, b);
    return 0;
}
