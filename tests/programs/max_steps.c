// args: --max-steps 500
// expect: incomplete
// expect-limit: max-steps
// A long single-threaded loop exceeds a small per-execution step budget.
#include <stdio.h>

int main(void) {
    unsigned long sum = 0;
    for (unsigned long i = 0; i < 1000000; i++)
        sum += i;
    printf("%lu\n", sum);
    return 0;
}
