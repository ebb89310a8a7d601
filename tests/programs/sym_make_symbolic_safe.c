// args: --nondet symbolic
// expect: safe executions=1
// klee_make_symbolic on a byte buffer: the sum of three unsigned chars is
// at most 765 for every content, so the failing side of the assertion is
// infeasible and the one path is the only execution.
#include <assert.h>

extern void klee_make_symbolic(void *addr, unsigned long size, const char *name);

int main(void) {
    unsigned char buf[3];
    klee_make_symbolic(buf, sizeof buf, "buf");
    unsigned sum = buf[0] + buf[1] + buf[2];
    assert(sum <= 765);
    return 0;
}
