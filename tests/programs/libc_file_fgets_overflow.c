// expect: bug memory
// fgets told the buffer holds 64 bytes when it holds 4.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    char small[4];
    fgets(small, 64, f);
    fclose(f);
    return small[0];
}
