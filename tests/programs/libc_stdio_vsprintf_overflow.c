// expect: bug memory
// vsprintf (through a variadic wrapper) overflows its destination.
#include <stdarg.h>
#include <stdio.h>

static void format(char *dst, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsprintf(dst, fmt, ap);
    va_end(ap);
}

int main(void) {
    char small[4];
    format(small, "%d-%d", 1234, 5678);
    return small[0];
}
