// expect: bug memory
// asprintf's string is an ordinary heap block: freeing it twice is a
// double free.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *s;
    if (asprintf(&s, "%s", "twice") < 0)
        return 1;
    free(s);
    free(s);
    return 0;
}
