// expect: bug memory
// fread of 10 bytes into a 4-byte buffer: an out-of-bounds write.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/letters.txt", "r");
    char small[4];
    size_t n = fread(small, 1, 10, f);
    fclose(f);
    return (int)n;
}
