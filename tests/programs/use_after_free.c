// expect: bug memory
// Reading a heap object after it was freed.
#include <stdio.h>
#include <stdlib.h>

struct point {
    int x, y;
};

int main(void) {
    struct point *p = malloc(sizeof *p);
    p->x = 1;
    p->y = 2;
    free(p);
    printf("%d\n", p->x + p->y);
    return 0;
}
