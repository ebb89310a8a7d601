// expect: incomplete
// args: --max-memory 128
// expect-limit: max-memory
// Filling a 256 MiB array needs more than --max-memory 128: the execution
// ends as incomplete, never as an abort.
#include <string.h>

int main(void) {
    char a[256 << 20];
    memset(a, 1, sizeof a);
    return a[0] - 1;
}
