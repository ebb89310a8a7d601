// expect: safe
// expect-output: strtol 5 -3 0+1 177 ul 6 ll 2 ull 1
// expect-output: sscanf 3: 5 6 7
// glibc 2.38 and later name C23's strtol and sscanf (which read 0b
// binary prefixes, and %b) when compiling for C23 or with _GNU_SOURCE;
// the glibc here is older, so the test declares them itself.
#include <stdio.h>

long __isoc23_strtol(const char *, char **, int);
long long __isoc23_strtoll(const char *, char **, int);
unsigned long __isoc23_strtoul(const char *, char **, int);
unsigned long long __isoc23_strtoull(const char *, char **, int);
int __isoc23_sscanf(const char *, const char *, ...);

int main(void) {
    char *end;
    const char *lone = "0b";
    long a = __isoc23_strtol("0b101", NULL, 0);
    long b = __isoc23_strtol("-0B11", NULL, 2);
    long c = __isoc23_strtol(lone, &end, 0);
    long d = __isoc23_strtol("0b1", NULL, 16);
    printf("strtol %ld %ld %ld+%d %ld ul %lu ll %lld ull %llu\n", a, b, c, (int)(end - lone), d,
           __isoc23_strtoul("0b110", NULL, 0), __isoc23_strtoll("10", NULL, 2),
           __isoc23_strtoull("0b1", NULL, 2));
    int x = 0, y = 0, z = 0;
    int n = __isoc23_sscanf("101 0b110 7", "%b %i %d", &x, &y, &z);
    printf("sscanf %d: %d %d %d\n", n, x, y, z);
    return 0;
}
