// expect: bug undefined-behavior
// INT_MIN / -1 does not fit in an int: undefined behaviour, which traps
// natively (SIGFPE) like a division by zero.
#include <limits.h>
#include <stdio.h>

int num = INT_MIN; /* globals, so the compiler cannot fold the division */
int den = -1;

int main(void) {
    int q = num / den;
    printf("%d\n", q);
    return 0;
}
