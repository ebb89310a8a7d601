// args: --nondet symbolic
// expect: bug assertion
// expect-message: reach_error() was called
// klee_make_symbolic makes a whole struct symbolic, field by field
// (padding included): the error needs three fields of different widths to
// take given values.
extern void klee_make_symbolic(void *addr, unsigned long size, const char *name);
extern void reach_error(void);

struct msg {
    int id;
    char tag;
    short len;
};

int main(void) {
    struct msg m;
    klee_make_symbolic(&m, sizeof m, "m");
    if (m.id == 3 && m.tag == 'x' && m.len < -5)
        reach_error();
    return 0;
}
