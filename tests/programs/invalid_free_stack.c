// expect: bug memory
// free() of a stack object.
#include <stdlib.h>

static void cleanup(int *p) { free(p); }

int main(void) {
    int local = 5;
    cleanup(&local);
    return 0;
}
