// expect: safe executions=1
// expect-output: sum 36
// calloc zero-fills; realloc keeps the old contents when growing or
// shrinking; realloc(NULL, n) allocates.
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *v = calloc(4, sizeof *v);
    for (int i = 0; i < 4; i++) {
        assert(v[i] == 0);
        v[i] = i + 1;
    }
    v = realloc(v, 8 * sizeof *v);
    for (int i = 0; i < 4; i++)
        assert(v[i] == i + 1);
    for (int i = 4; i < 8; i++)
        v[i] = i + 1;
    int sum = 0;
    for (int i = 0; i < 8; i++)
        sum += v[i];
    v = realloc(v, 2 * sizeof *v);
    assert(v[0] == 1 && v[1] == 2);
    free(v);

    int *w = realloc(NULL, sizeof *w);
    *w = 5;
    free(w);
    free(NULL); /* a no-op */

    printf("sum %d\n", sum);
    return 0;
}
