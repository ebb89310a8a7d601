// expect: bug undefined-behavior
// The smallest __int128 divided by -1: the 128-bit variant. (The values
// are built at run time: 128-bit constants in the IR keep only their low
// 64 bits, a limit of the IR loader.)
#include <limits.h>
#include <stdio.h>

long long hi = LLONG_MIN, m1 = -1;

int main(void) {
    __int128 num = (__int128)hi * ((__int128)1 << 32) * ((__int128)1 << 32);
    __int128 den = m1;
    __int128 q = num / den;
    printf("%d\n", (int)q);
    return 0;
}
