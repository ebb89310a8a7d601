// expect: safe
// expect-output: [hello-00042] 13
// expect-output: snprintf [abcdefg] 26
// expect-output: zero size 5 untouched Q
// expect-output: vsnprintf [1,2,] 5
// expect-output: count 4
// sprintf, snprintf (truncation, the full length returned), vsprintf,
// vsnprintf and %n into a string.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int fmt_into(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

static int fmt_all(char *buf, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vsprintf(buf, fmt, ap);
    va_end(ap);
    return r;
}

int main(void) {
    char buf[32];
    int n = sprintf(buf, "[%s-%05d]", "hello", 42);
    printf("%s %d\n", buf, n);
    n = snprintf(buf, 8, "%s", "abcdefghijklmnopqrstuvwxyz");
    printf("snprintf [%s] %d\n", buf, n);
    buf[0] = 'Q';
    n = snprintf(buf, 0, "%s", "hello");
    printf("zero size %d untouched %c\n", n, buf[0]);
    n = fmt_into(buf, 5, "%d,%d,%d", 1, 2, 3);
    printf("vsnprintf [%s] %d\n", buf, n);
    int count = 0;
    fmt_all(buf, "abcd%n!", &count);
    printf("count %d\n", count);
    return strcmp(buf, "abcd!") != 0;
}
