// expect: safe
// expect-output: 128 0 32768 0 -2147483647 0
// 8- and 16-bit operands are promoted to int before dividing, so
// SCHAR_MIN / -1 and SHRT_MIN / -1 fit: no undefined behaviour (and no
// trap natively). INT_MIN + 1 divided by -1 is INT_MAX negated back.
#include <limits.h>
#include <stdio.h>

signed char c = SCHAR_MIN, cm = -1;
short s = SHRT_MIN, sm = -1;
int i = INT_MIN + 1, im = -1;

int main(void) {
    printf("%d %d %d %d %d %d\n", c / cm, c % cm, s / sm, s % sm, -(i / im), i % im);
    return 0;
}
