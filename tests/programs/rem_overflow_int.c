// expect: bug undefined-behavior
// INT_MIN % -1 is undefined too (C11 6.5.5: the quotient is not
// representable), and traps natively.
#include <limits.h>
#include <stdio.h>

int num = INT_MIN;
int den = -1;

int main(void) {
    printf("%d\n", num % den);
    return 0;
}
