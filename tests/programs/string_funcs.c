// expect: safe executions=1
// expect-output: weft aabcde
// The modelled string and memory functions, single-threaded.
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    char a[16];
    strcpy(a, "weft");
    assert(strlen(a) == 4);
    assert(strcmp(a, "weft") == 0);
    assert(strcmp(a, "wefu") < 0);
    assert(strcmp(a, "wead") > 0);
    assert(strncmp(a, "west", 2) == 0);
    assert(strncmp(a, "west", 3) != 0);

    char b[16];
    memset(b, 'x', sizeof b);
    assert(b[15] == 'x');
    strncpy(b, "ab", 4); /* pads with NULs up to 4 bytes */
    assert(b[0] == 'a' && b[1] == 'b' && b[2] == 0 && b[3] == 0 && b[4] == 'x');

    memcpy(b, a, strlen(a) + 1);
    assert(memcmp(a, b, 5) == 0);
    b[1] = 'a';
    assert(memcmp(a, b, 5) > 0);

    char m[8] = "abcdef";
    memmove(m + 1, m, 5); /* overlapping copy */
    assert(memcmp(m, "aabcde", 7) == 0);

    printf("%s %s\n", a, m);
    return 0;
}
