// expect: bug memory
// expect-output: size 29 eof 0 err 0
// fseek, ftell, feof, ferror and clearerr on an open stream, then ftell
// after fclose.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    clearerr(f);
    printf("size %ld eof %d err %d\n", n, feof(f), ferror(f));
    fclose(f);
    return (int)ftell(f);
}
