// expect: bug memory
// memchr told the buffer is longer than it is, and the byte is not there:
// it reads past the end.
#include <string.h>

int main(void) {
    char buf[8] = "abcdefg";
    return memchr(buf, 'z', 16) != NULL;
}
