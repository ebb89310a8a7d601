/* Number parsing as glibc does it: strtol/strtoul/strtoll/strtoull in
 * every base with prefixes, signs, white space, overflow (errno ERANGE)
 * and endptr; strtod/strtof on decimal, hexadecimal and special forms;
 * atoi/atol/atoll/atof. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static const char *ints[] = {
    "0", "42", "-42", "+42", "  \t\n 17abc", "0x1f", "0X1F", "0x", "0xg", "-0x10",
    "017", "08", "0", "-", "+", "", "   ", "z", "Zz", "1010", "777", "-777",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551615", "18446744073709551616",
    "-18446744073709551615", "-18446744073709551616", "99999999999999999999999",
    "-1", "2147483647", "2147483648", "-2147483649", "4294967296", "0x7fffffffffffffff",
    "0xffffffffffffffff", "0x10000000000000000", "  -0", "1e5", "12 34", "\v\f\r9",
};
static const int bases[] = {0, 2, 8, 10, 16, 36, 1, 37, -1, 3, 7};

static const char *floats[] = {
    "0", "1", "-1", "1.5", ".5", "5.", ".", "-.", "1e10", "1e", "1e+", "1e-3x", "1.5E+3",
    "  \n3.25", "+7", "0x1p3", "0x1.8p1", "0X.8", "0x1P", "0x", "0xg", "-0x1.fffffffffffffp1023",
    "inf", "-INF", "infinity", "infinit", "InFiNiTy!", "nan", "-nan", "nan(123)", "nan(12",
    "nanx", "1e308", "1e309", "-1e309", "1e-308", "1e-320", "1e-400", "2.2250738585072014e-308",
    "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "0.1", "0.2", "0.3", "3.14159265358979323846264338327950288",
    "123456789012345678901234567890", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "3.4028235e38", "3.4028236e38", "1e-45", "1e-46", "1.4e-45",
    "0.000000000000000000000000000000000001e36", "00000000000000000000001.0",
    "0x1.000001p0", "0x1.000003p0", "0x1.0000010000000001p0", "0x123456789abcdef0123p-10",
    "0x0.0000000000001p-1022", "0x1p-1075", "0x1.8p-1075", "0x1p-150", "0x1.8p-150", "1e5000",
};

int main(void) {
    for (unsigned i = 0; i < sizeof ints / sizeof *ints; i++) {
        for (unsigned b = 0; b < sizeof bases / sizeof *bases; b++) {
            char *end = (char *)1;
            errno = 0;
            long l = strtol(ints[i], &end, bases[b]);
            int e1 = errno;
            long d1 = end == (char *)1 ? -99 : end - ints[i];
            errno = 0;
            unsigned long ul = strtoul(ints[i], &end, bases[b]);
            int e2 = errno;
            long d2 = end == (char *)1 ? -99 : end - ints[i];
            errno = 0;
            long long ll = strtoll(ints[i], NULL, bases[b]);
            unsigned long long ull = strtoull(ints[i], NULL, bases[b]);
            printf("[%s] base %d: %ld e%d +%ld | %lu e%d +%ld | %lld %llu\n", ints[i], bases[b],
                   l, e1, d1, ul, e2, d2, ll, ull);
        }
        errno = 0;
        int a = atoi(ints[i]);
        long al = atol(ints[i]);
        long long all = atoll(ints[i]);
        printf("[%s] atoi %d atol %ld atoll %lld e%d\n", ints[i], a, al, all, errno);
    }
    for (unsigned i = 0; i < sizeof floats / sizeof *floats; i++) {
        char *end;
        errno = 0;
        double d = strtod(floats[i], &end);
        int e1 = errno;
        long n1 = end - floats[i];
        errno = 0;
        float f = strtof(floats[i], &end);
        int e2 = errno;
        long n2 = end - floats[i];
        double at = atof(floats[i]);
        printf("[%s] %.17g %a e%d +%ld | %.9g %a e%d +%ld | %.17g\n", floats[i], d, d, e1, n1,
               (double)f, (double)f, e2, n2, at);
    }
    return 0;
}
