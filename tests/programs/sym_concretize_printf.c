// args: --nondet symbolic
// expect: incomplete
// expect-limit: symbolic
// Printing an input concretises it (printf's arguments are not handled
// symbolically): the run continues with one value, so the check after it,
// which holds for that value, says nothing about the others. No bug is
// found, and the verdict must be incomplete (limit symbolic), never safe.
#include <assert.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    printf("x = %d\n", x);
    if (x > 0)
        assert(x >= 1);
    return 0;
}
