// expect: bug memory
// The copy strndup makes holds 3 bytes and the NUL: writing a fifth byte
// overflows it.
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *p = strndup("abcdef", 3);
    p[4] = 'x';
    free(p);
    return 0;
}
