// args: --max-steps 100000
// expect: safe executions=1
// expect-output: sum 4950
// The same kind of loop as max_steps.c, short enough for the budget.
#include <stdio.h>

int main(void) {
    unsigned long sum = 0;
    for (unsigned long i = 0; i < 100; i++)
        sum += i;
    printf("sum %lu\n", sum);
    return 0;
}
