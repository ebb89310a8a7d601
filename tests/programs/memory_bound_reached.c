// expect: incomplete
// args: --max-memory 128
// expect-limit: max-memory
// Filling a 100 MiB heap block needs more than --max-memory 128 together
// with weft's own memory (about 50 MiB): the execution ends as incomplete,
// never as an abort. (Until 2026-11-28 this was a 256 MiB array on the
// stack, which now overflows it.)
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *a = malloc(100 << 20);
    if (!a)
        return 1;
    memset(a, 1, 100 << 20);
    return a[0] - 1;
}
