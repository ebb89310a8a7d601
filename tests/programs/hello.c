// expect: safe executions=1
// expect-output: hello 3
// expect-output: world
// expect-output: ok!
// Single-threaded output through printf, puts and putchar is captured.
#include <stdio.h>

int main(void) {
    int n = 3;
    printf("hello %d\n", n);
    puts("world");
    putchar('o');
    putchar('k');
    putchar('!');
    putchar('\n');
    return 0;
}
