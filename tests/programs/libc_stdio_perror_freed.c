// expect: bug memory
// perror's prefix is a freed string.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *prefix = malloc(16);
    strcpy(prefix, "context");
    free(prefix);
    perror(prefix);
    return 0;
}
