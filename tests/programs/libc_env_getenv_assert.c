// expect: bug assertion
// args: --env THREADS=8
// The worker count comes from the environment, and the table holds 4.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    const char *s = getenv("THREADS");
    int n = s ? atoi(s) : 2;
    assert(n <= 4);
    return 0;
}
