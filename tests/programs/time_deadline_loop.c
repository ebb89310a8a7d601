// expect: safe executions=1
// expect-output: waited
// A loop that polls the clock until a deadline ends: every reading moves
// the logical clock forward (1 ms), so it is progress, not a spin.
#include <stdio.h>
#include <time.h>

int main(void) {
    time_t end = time(NULL) + 2;
    int polls = 0;
    while (time(NULL) < end)
        polls++;
    if (polls > 1000)
        printf("waited\n");
    return 0;
}
