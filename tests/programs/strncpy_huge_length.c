// expect: bug memory
// strncpy pads its destination to n bytes: with n = (size_t)-1 that is an
// out-of-bounds write, reported before any padding is done.
#include <string.h>

int main(void) {
    char d[8];
    volatile size_t n = (size_t)-1;
    strncpy(d, "hi", n);
    return 0;
}
