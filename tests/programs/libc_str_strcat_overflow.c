// expect: bug memory
// strcat past the end of its destination: 6 + 6 + 1 bytes into 12.
#include <string.h>

int main(void) {
    char buf[12] = "hello ";
    strcat(buf, "world!");
    return buf[0];
}
