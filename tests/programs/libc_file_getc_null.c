// expect: bug memory
// getc on the NULL an unchecked failed fopen returned.
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/does-not-exist.txt", "r");
    return getc(f);
}
