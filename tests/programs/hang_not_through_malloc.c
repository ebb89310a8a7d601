// expect: safe executions=1
// args: --max-memory 64
// expect-output: done
// `while (malloc(1 << 20)) {}` comes back to the same registers every
// iteration, but a modelled call has effects a state cannot show (the heap
// grows until malloc returns NULL): it is no hang, and the loop ends.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    while (malloc(1 << 20)) {
    }
    printf("done\n");
    return 0;
}
