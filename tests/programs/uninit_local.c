// expect: bug memory
// A local filled in through an out-parameter only on one path decides a
// branch. (Its address is taken, so it stays in memory: a local that mem2reg
// promotes to a register would have its undefined value folded away.)
#include <stdio.h>

static void lookup(int mode, int *out) {
    if (mode == 1)
        *out = 10;
}

static int pick(int mode) {
    int result;
    lookup(mode, &result);
    if (result > 5) /* uninitialised when mode != 1 */
        return 1;
    return 0;
}

int main(void) {
    printf("%d\n", pick(2));
    return 0;
}
