// expect: safe
// expect-output: NULL errno 2
// fopen of a missing file returns NULL with errno ENOENT.
#include <errno.h>
#include <stdio.h>

int main(void) {
    FILE *f = fopen("data/does-not-exist.txt", "r");
    printf("%s errno %d\n", f == NULL ? "NULL" : "non-NULL", errno);
    return f == NULL && errno == ENOENT ? 0 : 1;
}
