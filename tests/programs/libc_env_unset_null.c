// expect: bug memory
// Without --env, getenv returns NULL, and using it unchecked is a null
// dereference.
#include <stdlib.h>

int main(void) {
    const char *home = getenv("HOME");
    return home[0] == '/';
}
