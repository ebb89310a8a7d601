// args: --nondet symbolic
// expect: incomplete
// expect-limit: symbolic
// A symbolic value passed through a program's own variadic function to
// vprintf reaches the C library in the va_list area: formatting needs a
// concrete value, so the execution ends with limit symbolic (before, the
// argument read as 0 and the run printed a wrong value).
#include <stdarg.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    say("x = %d\n", x);
    return 0;
}
