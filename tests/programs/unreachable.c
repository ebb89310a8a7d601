// expect: bug undefined-behavior
// Reaching __builtin_unreachable() is undefined behaviour.
#include <stdio.h>

static int classify(int v) {
    switch (v) {
    case 0:
        return 10;
    case 1:
        return 20;
    }
    __builtin_unreachable(); /* wrong: v == 2 gets here */
}

int main(void) {
    int sum = 0;
    for (int i = 0; i < 3; i++)
        sum += classify(i);
    printf("%d\n", sum);
    return 0;
}
