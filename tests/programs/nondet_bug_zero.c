// expect: bug assertion
// A bug found with the fixed nondeterministic value 0 is a real bug: some
// input (0) violates the assertion.
#include <assert.h>

extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    assert(x != 0);
    return 0;
}
