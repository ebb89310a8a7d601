// expect: safe executions=1
// args: --max-memory 64
// expect-output: allocated 63 blocks of 1 MiB
// `while (malloc(1 << 20)) n++;` ends: malloc returns NULL once the live
// heap would pass --max-memory (each block counts its size plus a 16-byte
// header, as in the C library). The blocks are never touched, so they cost
// weft almost nothing.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long n = 0;
    while (malloc(1 << 20))
        n++;
    printf("allocated %ld blocks of 1 MiB\n", n);
    return 0;
}
