// expect: safe
// expect-output: asprintf 10 [value: 042]
// expect-output: vasprintf 5 [1+2=3]
// asprintf and vasprintf return the length and a heap string the caller
// frees.
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int build(char **out, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(out, fmt, ap);
    va_end(ap);
    return n;
}

int main(void) {
    char *s = NULL;
    int n = asprintf(&s, "value: %03d", 42);
    printf("asprintf %d [%s]\n", n, s);
    free(s);
    n = build(&s, "%d+%d=%d", 1, 2, 3);
    printf("vasprintf %d [%s]\n", n, s);
    free(s);
    return 0;
}
