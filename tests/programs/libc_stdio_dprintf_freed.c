// expect: bug memory
// dprintf's %s reads a freed string.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *s = malloc(8);
    strcpy(s, "freed");
    free(s);
    dprintf(2, "%s\n", s);
    return 0;
}
