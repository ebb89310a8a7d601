// args: --nondet symbolic
// expect: bug memory
// expect-message: out-of-bounds
// An input-chosen index into a local array of 4: the check i >= 0 leaves
// i >= 4 possible, an out-of-bounds read (a memory bug) for those inputs.
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int i = __VERIFIER_nondet_int();
    int v = 0;
    if (i >= 0)
        v = a[i];
    return v == 3;
}
