// expect: bug memory
// A block from posix_memalign has the size asked for, not the alignment.
#include <stdlib.h>

int main(void) {
    char *p;
    if (posix_memalign((void **)&p, 64, 40) != 0)
        return 1;
    p[40] = 0;
    free(p);
    return 0;
}
