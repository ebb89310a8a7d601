// expect: bug memory
// printf's %n through a null pointer: natively a crash.
#include <stdio.h>

int *volatile target = 0;

int main(void) {
    printf("abc%n\n", target);
    return 0;
}
