// expect: bug memory
// strerror's string belongs to the C library; writing past its end is an
// out-of-bounds write.
#include <string.h>

int main(void) {
    char *s = strerror(1); /* "Operation not permitted" */
    s[strlen(s) + 1] = 'x';
    return 0;
}
