// expect: bug abort
// abort() is reported as its own bug kind.
#include <stdio.h>
#include <stdlib.h>

static void check_config(int workers) {
    if (workers <= 0) {
        puts("invalid configuration");
        abort();
    }
}

int main(void) {
    check_config(0);
    return 0;
}
