// expect: bug memory
// expect-output: [abcd]
// A %.Ns conversion reads at most N bytes and needs no NUL within them,
// but reading past the end of an unterminated array is an out-of-bounds
// read.
#include <stdio.h>

int main(void) {
    char word[4] = {'a', 'b', 'c', 'd'};
    char out[16];
    snprintf(out, sizeof out, "[%.4s]", word);
    printf("%s\n", out);
    printf("%.8s\n", word);
    return 0;
}
