// expect: safe executions=1
// args: --max-memory 96
// A 6 MiB stack array, filled, fits the 8 MiB stack; it dies when its
// function returns, so twenty calls fit a 96 MiB bound, which weft's own
// memory (about 50 MiB) shares. (Until 2026-11-28 this was a 64 MiB array,
// touched twice: weft had no stack size, natively it overflows.)
#include <assert.h>
#include <string.h>

static int touch(int v) {
    char buf[6 << 20];
    memset(buf, v, sizeof buf);
    return buf[0] + buf[(6 << 20) - 1];
}

int main(void) {
    for (int i = 1; i <= 20; i++)
        assert(touch(i) == 2 * i);
    return 0;
}
