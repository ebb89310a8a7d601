// expect: bug memory
// expect-message: stack overflow
// Each iteration allocates a new stack object: the registers repeat (the
// pointer is dead at the loop head) but the stack grows, until it overflows
// as it would natively. An allocation is no hang.
#include <alloca.h>

int main(void) {
    for (;;) {
        char *p = alloca(4096);
        (void)p;
    }
    return 0;
}
