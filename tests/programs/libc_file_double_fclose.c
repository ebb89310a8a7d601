// expect: bug memory
// Closing the same stream twice.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    fclose(f);
    fclose(f);
    return 0;
}
