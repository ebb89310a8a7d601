// expect: bug assertion
// expect-output: before
// A failed assert() in a single-threaded program; output before it is kept.
#include <assert.h>
#include <stdio.h>

static int twice(int x) { return x + x; }

int main(void) {
    printf("before\n");
    assert(twice(2) == 5);
    printf("after\n");
    return 0;
}
