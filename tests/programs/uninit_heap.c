// expect: bug memory
// A branch decided by a malloc'd value that was never written.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *flags = malloc(2 * sizeof *flags);
    flags[0] = 1;
    if (flags[1]) /* flags[1] was never initialised */
        puts("set");
    free(flags);
    return 0;
}
