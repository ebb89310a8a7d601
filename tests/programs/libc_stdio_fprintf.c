// expect: safe
// expect-output: out 1 two 3.50
// expect-output: err: code 42
// expect-output: fputs line
// expect-output: xy
// expect-output: abcd
// fprintf, vfprintf, fputs, fputc, putc, fwrite and fflush on stdout
// and stderr: text goes to the right stream, in order.
#include <stdarg.h>
#include <stdio.h>

static int logf_(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(f, fmt, ap);
    va_end(ap);
    return n;
}

int main(void) {
    int n = fprintf(stdout, "out %d %s %.2f\n", 1, "two", 3.5);
    if (n != 15)
        return 1;
    logf_(stderr, "err: code %d\n", 42);
    fputs("fputs line\n", stdout);
    fputc('x', stdout);
    putc('y', stdout);
    fputc('\n', stdout);
    if (fwrite("abcd\n", 1, 5, stdout) != 5)
        return 2;
    fflush(stdout);
    fflush(NULL);
    return 0;
}
