// args: --nondet symbolic
// expect: safe executions=36
// The guarded twin of sym_index_oob.c: the index is in bounds whenever the
// array is read or written, and every element is below 10, so the
// assertion holds for every input. A symbolic index is resolved per
// in-bounds offset: j < 0, j >= 4 and the 4 offsets of the write make 6
// paths, likewise for i and the read, and the two combine freely:
// 6 x 6 = 36 executions.
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
