// expect: bug memory
// fwrite of 16 bytes from an 8-byte buffer: an out-of-bounds read.
#include <stdio.h>

int main(void) {
    char buf[8] = "1234567";
    fwrite(buf, 1, 16, stdout);
    return 0;
}
