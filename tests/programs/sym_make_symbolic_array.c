// args: --nondet symbolic
// expect: bug assertion
// expect-message: assertion `sum != 36` failed
// weft_make_symbolic on an array of ints: each element is assumed to be a
// digit, and the sum reaches 36 only when all four are 9.
#include <assert.h>

extern void weft_make_symbolic(void *addr, unsigned long size, const char *name);
extern void __VERIFIER_assume(int cond);

int main(void) {
    int buf[4];
    weft_make_symbolic(buf, sizeof buf, "buf");
    int sum = 0;
    for (int i = 0; i < 4; i++) {
        __VERIFIER_assume(buf[i] >= 0 && buf[i] <= 9);
        sum += buf[i];
    }
    assert(sum != 36);
    return 0;
}
