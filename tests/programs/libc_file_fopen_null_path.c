// expect: bug memory
// fopen with a NULL file name: a null pointer dereference.
#include <stdio.h>

const char *volatile name = 0;

int main(void) {
    FILE *f = fopen(name, "r");
    return f != NULL;
}
