// expect: bug memory
// memset with a length far past its buffer is an out-of-bounds write,
// reported at once (the bounds are checked before any work).
#include <string.h>

int main(void) {
    char buf[16];
    volatile size_t n = (size_t)-1;
    memset(buf, 0, n);
    return 0;
}
