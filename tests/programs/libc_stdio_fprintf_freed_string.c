// expect: bug memory
// fprintf's %s reads a string that was freed: a use after free.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *s = malloc(8);
    strcpy(s, "gone");
    free(s);
    fprintf(stderr, "message: %s\n", s);
    return 0;
}
