// expect: safe executions=1
// expect-output: exiting
// exit() ends the program: the failing assert after it is never reached.
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static void finish(void) {
    printf("exiting\n");
    exit(0);
}

int main(void) {
    finish();
    assert(0 && "not reached: exit() ends the program");
    return 1;
}
