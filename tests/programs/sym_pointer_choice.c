// args: --nondet symbolic
// expect: safe executions=2
// An input chooses which global a pointer points to (clang emits the
// conditional as a `select` of the two addresses, a symbolic pointer).
// The store through it is resolved per object, forking once per object
// the pointer may point into: 2 executions (p == &a for x == 3, p == &b
// otherwise), each with a concrete final state, and no concretisation
// (which would make the run incomplete).
#include <assert.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);

int a, b;

int main(void) {
    int x = __VERIFIER_nondet_int();
    int *p = x == 3 ? &a : &b;
    *p = 1;
    assert(a + b == 1);
    printf("a=%d b=%d\n", a, b);
    return 0;
}
