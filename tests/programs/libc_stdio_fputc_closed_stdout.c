// expect: bug memory
// expect-output: before
// putc and fputc on stdout after fclose(stdout).
#include <stdio.h>

int main(void) {
    fputs("before\n", stdout);
    fclose(stdout);
    putc('x', stdout);
    return 0;
}
