// expect: bug memory
// free() of a pointer into the middle of a heap block.
#include <stdlib.h>

int main(void) {
    int *v = malloc(8 * sizeof *v);
    int *cursor = v;
    cursor += 2;
    free(cursor);
    return 0;
}
