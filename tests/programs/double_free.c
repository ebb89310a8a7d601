// expect: bug memory
// Freeing the same heap object twice.
#include <stdlib.h>

static void release(char *buf) { free(buf); }

int main(void) {
    char *buf = malloc(16);
    release(buf);
    free(buf);
    return 0;
}
