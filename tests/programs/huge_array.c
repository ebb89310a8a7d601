// expect: safe executions=1
// args: --max-memory 128
// `char big[1L << 34]` (16 GiB), global or static local, lowers and runs
// without its bytes: only the touched pages cost memory. (On the stack it
// would overflow it: see stack_array_too_large.c.)
#include <assert.h>

char big[1L << 34];

int main(void) {
    static char local[1L << 34];
    big[0] = 1;
    big[(1L << 34) - 1] = 2;
    local[5] = 3;
    local[(1L << 34) - 1] = 4;
    assert(big[0] + big[(1L << 34) - 1] + big[1L << 33] == 3);
    assert(local[5] + local[(1L << 34) - 1] == 7);
    return 0;
}
