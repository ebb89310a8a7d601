// expect: bug memory
// snprintf told the buffer holds 64 bytes when it holds 8: the text
// overflows it.
#include <stdio.h>

int main(void) {
    char buf[8];
    snprintf(buf, 64, "%s", "much longer than eight bytes");
    return buf[0];
}
