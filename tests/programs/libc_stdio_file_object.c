// expect: bug memory
// expect-output: flags 0 still works
// A FILE * points to an object weft owns: the program may read it (zeros)
// but the standard streams' objects are read-only, so writing into
// stdout's FILE is a memory bug; the stream itself is unaffected.
#include <stdio.h>

int main(void) {
    volatile int *raw = (volatile int *)stdout;
    printf("flags %d ", raw[0]);
    printf("still works\n");
    raw[0] = -1;
    return 0;
}
