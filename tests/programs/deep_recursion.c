// expect: safe
// expect-output: 200010000
// A recursion 20,000 calls deep with small frames fits a thread's 8 MiB
// stack, as natively (until 2026-11-28 weft stopped at a call depth of
// 4,096 and reported a stack overflow).
#include <stdio.h>

static long sum(long n) {
    return n == 0 ? 0 : n + sum(n - 1);
}

int main(void) {
    printf("%ld\n", sum(20000));
    return 0;
}
