// expect: bug memory
// getchar after fclose(stdin).
#include <stdio.h>

int main(void) {
    fclose(stdin);
    return getchar();
}
