// expect: safe
// expect-output: fputs -1 error 1
// Writing to a stream opened for reading fails (EOF) and sets its error
// flag; clearerr clears it.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    int r = fputs("x", f);
    printf("fputs %d error %d\n", r, ferror(f) != 0);
    clearerr(f);
    int e = ferror(f);
    fclose(f);
    return e;
}
