// expect: bug memory
// strlen on a character array without a terminating NUL reads out of bounds.
#include <stdio.h>
#include <string.h>

int main(void) {
    char name[4] = {'w', 'e', 'f', 't'};
    printf("%zu\n", strlen(name));
    return 0;
}
