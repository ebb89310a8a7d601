// expect: bug assertion
// A hex field parsed with %d stops at the 'x': the check of the count
// catches it.
#include <assert.h>
#include <stdio.h>

int main(void) {
    int a = 0, b = 0;
    int n = sscanf("0x10 7", "%d %d", &a, &b);
    assert(n == 2);
    return a + b;
}
