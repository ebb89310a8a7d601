// expect: safe executions=1
// expect-output: v=-5 7 123456789 z ff 100%
// expect-output: [  42] [7   ] abc
// The printf model renders the common conversions and field widths.
#include <stdio.h>

int main(void) {
    const char *name = "v";
    printf("%s=%d %u %ld %c %x %d%%\n", name, -5, 7u, 123456789L, 'z', 255, 100);
    printf("[%4d] [%-4d] %.3s\n", 42, 7, "abcdef");
    return 0;
}
