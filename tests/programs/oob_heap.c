// expect: bug memory
// Off-by-one write past the end of a heap array.
#include <stdlib.h>

int main(void) {
    int *v = malloc(4 * sizeof *v);
    for (int i = 0; i <= 4; i++)
        v[i] = i;
    free(v);
    return 0;
}
