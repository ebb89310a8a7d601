// expect: bug memory
// memcpy writing past the end of the destination buffer.
#include <stdio.h>
#include <string.h>

int main(void) {
    char dst[8];
    const char *src = "a much longer string";
    memcpy(dst, src, strlen(src) + 1);
    printf("%s\n", dst);
    return 0;
}
