// expect: bug memory
// Off-by-one read past the end of a local array.
#include <stdio.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int sum = 0;
    for (int i = 0; i <= 4; i++)
        sum += a[i];
    printf("%d\n", sum);
    return 0;
}
