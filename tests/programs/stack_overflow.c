// expect: bug memory
// Unbounded recursion overflows the stack (100,000 nested calls at most).
#include <stdio.h>

static unsigned depth(unsigned n) {
    if (n == 0)
        return 0;
    return 1 + depth(n + 1); /* meant n - 1 */
}

int main(void) {
    printf("%u\n", depth(5));
    return 0;
}
