// expect: bug memory
// expect-output: got f
// fgetc on a stream after fclose.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    printf("got %c\n", fgetc(f));
    fclose(f);
    return fgetc(f);
}
