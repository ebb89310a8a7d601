// expect: bug memory
// sprintf writes 12 bytes (11 characters and the NUL) into an
// 8-byte buffer: an out-of-bounds write.
#include <stdio.h>

int main(void) {
    char buf[8];
    sprintf(buf, "%s-%d", "value", 12345);
    printf("%s\n", buf);
    return 0;
}
