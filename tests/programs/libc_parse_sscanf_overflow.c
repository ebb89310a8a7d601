// expect: bug memory
// %s without a width into a buffer too small for the word.
#include <stdio.h>

int main(void) {
    char word[4];
    sscanf("overflowing", "%s", word);
    return word[0];
}
