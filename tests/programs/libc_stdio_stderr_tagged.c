// expect: safe
// expect-output: to stderr
// expect-output: Invalid argument
// The JSON output tags text written to stderr with "stream": "stderr"
// (checked by the CLI tests); here, perror's format for a NULL and an
// empty prefix.
#include <errno.h>
#include <stdio.h>

int main(void) {
    fprintf(stderr, "to stderr\n");
    errno = EINVAL;
    perror(NULL);
    perror("");
    return 0;
}
