// expect: bug assertion
// args: --arg 0x20
// The thread count comes from argv and is parsed with base 0: "0x20" is
// 32, more than the table holds.
#include <assert.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? strtol(argv[1], NULL, 0) : 4;
    assert(n <= 16);
    return 0;
}
