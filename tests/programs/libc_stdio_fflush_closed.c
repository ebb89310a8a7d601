// expect: bug memory
// fflush(NULL) flushes every stream; fflush of a closed stream is a bug.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    fflush(NULL);
    fflush(f);
    fclose(f);
    fflush(f);
    return 0;
}
