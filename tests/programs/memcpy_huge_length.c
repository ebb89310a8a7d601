// expect: bug memory
// memcpy of 2^40 bytes into a 64-byte global is an out-of-bounds access,
// reported at once (the bounds are checked before any copying).
#include <string.h>

static char g[64];

int main(void) {
    char src[64] = {1};
    volatile unsigned long n = 1UL << 40;
    memcpy(g, src, n);
    return 0;
}
