// expect: error
// expect-stderr: gethostname
// expect-stderr: unmodelled_call.c:
// A call to an external function weft does not model is rejected by name.
#include <stdio.h>
#include <unistd.h>

int main(void) {
    char name[64];
    gethostname(name, sizeof name);
    printf("%s\n", name);
    return 0;
}
