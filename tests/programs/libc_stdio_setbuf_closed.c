// expect: bug memory
// setvbuf on a stream after fclose.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/lines.txt", "r");
    fclose(f);
    setvbuf(f, NULL, _IONBF, 0);
    return 0;
}
