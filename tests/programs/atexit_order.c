// expect: safe executions=1
// expect-output: main done
// expect-output: second handler
// expect-output: first handler
// atexit handlers run when main returns, the last registered first.
#include <stdio.h>
#include <stdlib.h>

static void first(void) { printf("first handler\n"); }
static void second(void) { printf("second handler\n"); }

int main(void) {
    atexit(first);
    atexit(second);
    printf("main done\n");
    return 0;
}
