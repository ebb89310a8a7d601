// expect: bug memory
// qsort with a null comparison function.
#include <stdlib.h>

int main(void) {
    int a[3] = {3, 2, 1};
    int (*cmp)(const void *, const void *) = 0;
    qsort(a, 3, sizeof a[0], cmp);
    return a[0];
}
