// expect: safe
// expect-output: sum 1234 hex 255 oct 8 neg -17 rest [ apples]
// expect-output: clamp 1 1 ulong 1 1 none 0 0
// expect-output: double 2.5 float 0.125 rest [kg] atoi 12 atol -7 atof 0.75
// expect-output: shared 300 +3
// strtol and friends on private strings, and a worker thread parsing a
// number main published before creating it, with endptr into a global.
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

char input[16] = "300 units";
char *input_end;
long parsed;

static void *parse(void *arg) {
    (void)arg;
    parsed = strtol(input, &input_end, 10);
    return NULL;
}

int main(void) {
    char *end;
    long a = strtol("1234", NULL, 10);
    long h = strtol("0xff", NULL, 0);
    long o = strtol("010", NULL, 0);
    long n = strtol("  -17 apples", &end, 10);
    printf("sum %ld hex %ld oct %ld neg %ld rest [%s]\n", a, h, o, n, end);
    errno = 0;
    long big = strtol("99999999999999999999", NULL, 10);
    int e1 = errno;
    errno = 0;
    unsigned long ubig = strtoul("99999999999999999999", NULL, 10);
    int e2 = errno;
    const char *junk = "junk";
    long none = strtol(junk, &end, 10);
    printf("clamp %d %d ulong %d %d none %ld %d\n", big == LONG_MAX, e1 == ERANGE,
           ubig == ULONG_MAX, e2 == ERANGE, none, (int)(end - junk));
    double d = strtod("2.5kg", &end);
    float f = strtof("0.125", NULL);
    printf("double %g float %g rest [%s] atoi %d atol %ld atof %g\n", d, f, end, atoi("12"),
           atol("-7"), atof("0.75"));
    pthread_t t;
    pthread_create(&t, NULL, parse, NULL);
    pthread_join(t, NULL);
    printf("shared %ld +%d\n", parsed, (int)(input_end - input));
    return 0;
}
