// expect: safe executions=1
// args: --max-memory 96
// A 64 MiB stack array costs what is touched: the run fits in a 96 MiB
// bound, which weft's own memory (about 50 MiB) shares.
#include <assert.h>

static int touch(void) {
    char buf[64 << 20];
    buf[0] = 1;
    buf[(64 << 20) - 1] = 2;
    return buf[0] + buf[(64 << 20) - 1];
}

int main(void) {
    assert(touch() == 3);
    assert(touch() == 3);
    return 0;
}
