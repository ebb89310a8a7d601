// args: --nondet symbolic
// expect: safe
// The guarded twin of sym_index_oob.c: the index is in bounds whenever the
// array is read or written, and every element is below 10, so the
// assertion holds for every input. (The number of executions depends on
// how a symbolic index is resolved, one path per in-bounds offset or one
// for the whole array, so it is not fixed here.)
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int i = __VERIFIER_nondet_int();
    int j = __VERIFIER_nondet_int();
    int v = 0;
    if (j >= 0 && j < 4)
        a[j] = 9;
    if (i >= 0 && i < 4)
        v = a[i];
    assert(v < 10);
    return 0;
}
