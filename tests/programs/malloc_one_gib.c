// expect: safe executions=1
// args: --max-memory 4096
// malloc, realloc and calloc of 1 GiB succeed and cost what is touched
// (realloc copies only the touched pages).
#include <assert.h>
#include <stdlib.h>

#define GIB (1UL << 30)

int main(void) {
    char *p = malloc(GIB);
    assert(p);
    p[0] = 1;
    p[GIB - 1] = 2;
    char *q = realloc(p, GIB + 4096);
    assert(q);
    assert(q[0] == 1 && q[GIB - 1] == 2);
    q[GIB + 4095] = 3;
    free(q);
    char *c = calloc(GIB / 8, 8);
    assert(c);
    assert(c[GIB / 2] == 0 && c[GIB - 1] == 0);
    free(c);
    return 0;
}
