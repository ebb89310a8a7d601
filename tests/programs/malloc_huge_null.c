// expect: safe executions=1
// A request no memory could serve returns NULL, as the C library does:
// malloc of (size_t)-1 or 2^48 bytes, a calloc whose size overflows, a
// realloc that cannot grow (which leaves the old block alone).
#include <assert.h>
#include <stdlib.h>

int main(void) {
    volatile size_t huge = (size_t)-1;
    assert(malloc(huge) == NULL);
    assert(malloc(1UL << 48) == NULL);
    assert(calloc(1UL << 33, 1UL << 33) == NULL);
    char *p = malloc(16);
    assert(p);
    p[0] = 7;
    assert(realloc(p, huge) == NULL);
    assert(p[0] == 7);
    free(p);
    return 0;
}
