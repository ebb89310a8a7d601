/* sscanf as glibc reads strings: integer conversions with every length
 * modifier, bases, widths and suppression; floats; %s %c %[...] %n %%;
 * and the counts it returns (EOF when the input ends first). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int vs(const char *in, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vsscanf(in, fmt, ap);
    va_end(ap);
    return r;
}

int main(void) {
    static const char *nums[] = {"42", "-42", "+7", "0x1F", "017", "  99 ", "",
                                 "   ", "abc", "12abc", "-", "4294967295", "4294967296",
                                 "-2147483649", "99999999999999999999", "300", "-129",
                                 "65536", "0", "0x", "1e3", "077x"};
    for (unsigned k = 0; k < sizeof nums / sizeof *nums; k++) {
        const char *s = nums[k];
        int d = -5, i = -5, n = -5;
        unsigned u = 5, x = 5, o = 5;
        int r1 = sscanf(s, "%d%n", &d, &n);
        int r2 = sscanf(s, "%i", &i);
        int r3 = sscanf(s, "%u", &u);
        int r4 = sscanf(s, "%x", &x);
        int r5 = sscanf(s, "%o", &o);
        long ld = -5;
        long long lld = -5;
        unsigned long lu = 5;
        short hd = -5;
        signed char hhd = -5;
        unsigned short hu = 5;
        size_t zu = 5;
        int r6 = sscanf(s, "%ld", &ld) + 10 * sscanf(s, "%lld", &lld) +
                 100 * sscanf(s, "%lu", &lu) + 1000 * sscanf(s, "%hd", &hd);
        int r7 = sscanf(s, "%hhd", &hhd) + 10 * sscanf(s, "%hu", &hu) + 100 * sscanf(s, "%zu", &zu);
        printf("[%s] d %d %d n %d i %d %d u %u %d x %u %d o %u %d | %ld %lld %lu %hd %d | %hhd %hu %zu %d\n",
               s, r1, d, n, r2, i, r3, u, r4, x, r5, o, ld, lld, lu, hd, r6, hhd, hu, zu, r7);
    }
    static const char *fl[] = {"1.5", "-2.25e2", ".5", "1e", "inf", "-nan", "0x1.8p1",
                               "3.4028236e38", "1e-50", "abc", "", "7", "0.1"};
    for (unsigned k = 0; k < sizeof fl / sizeof *fl; k++) {
        float f = -1;
        double lf = -1;
        int r1 = sscanf(fl[k], "%f", &f);
        int r2 = sscanf(fl[k], "%lf", &lf);
        float e = -1, g = -1;
        int r3 = sscanf(fl[k], "%e", &e) + 10 * sscanf(fl[k], "%g", &g);
        printf("[%s] %d %a %d %a %d %a %a\n", fl[k], r1, (double)f, r2, lf, r3, (double)e,
               (double)g);
    }
    char w1[16], w2[16], c3[4] = "???";
    int n1 = -1, n2 = -1;
    int r = sscanf("  hello   world!", "%s%n %s%n", w1, &n1, w2, &n2);
    printf("s %d [%s] %d [%s] %d\n", r, w1, n1, w2, n2);
    r = sscanf("abcdef", "%3c", c3);
    printf("c %d [%.3s]\n", r, c3);
    char c = '?';
    r = sscanf(" x", "%c", &c);
    printf("c-space %d [%c]\n", r, c);
    r = sscanf(" x", " %c", &c);
    printf("c-skip %d [%c]\n", r, c);
    char key[16] = "", val[16] = "";
    int num = -1;
    r = sscanf("name=alice;age=33", "name=%[^;];age=%d", val, &num);
    printf("set %d [%s] %d\n", r, val, num);
    r = sscanf("key: value", "%[a-z]: %s", key, val);
    printf("range %d [%s] [%s]\n", r, key, val);
    r = sscanf("]]x", "%[]]", key);
    printf("bracket %d [%s]\n", r, key);
    r = sscanf("a-b", "%[-a]", key);
    printf("dash %d [%s]\n", r, key);
    r = sscanf("12345678", "%3d%*2d%d", &num, &n1);
    printf("width %d %d %d\n", r, num, n1);
    r = sscanf("100%", "%d%%", &num);
    printf("percent %d %d\n", r, num);
    r = sscanf("100 %", "%d %%", &num);
    printf("percent-space %d %d\n", r, num);
    r = sscanf("1,2", "%d;%d", &num, &n1);
    printf("mismatch %d %d\n", r, num);
    r = sscanf("1", "%d,%d", &num, &n1);
    printf("short %d %d\n", r, num);
    r = sscanf("", "%n", &n1);
    printf("empty-n %d %d\n", r, n1);
    r = sscanf("x", "x%n", &n1);
    printf("lit-n %d %d\n", r, n1);
    r = sscanf("5", "%*d%n", &n1);
    printf("suppressed %d %d\n", r, n1);
    r = sscanf("5", "%*d %d", &num);
    printf("suppressed-eof %d\n", r);
    void *p = 0;
    r = sscanf("0x1234", "%p", &p);
    printf("p %d %lx\n", r, (unsigned long)p);
    double dv = 0;
    r = vs("7 8.5 word", "%d %lf %s", &num, &dv, key);
    printf("vsscanf %d %d %g [%s]\n", r, num, dv, key);
    /* glibc's edges: what a field takes beyond what strtod would (an
     * exponent marker without digits, `0x` without digits), and when a
     * width cuts a `0x` prefix. */
    struct {
        const char *in, *fmt;
    } edge[] = {{"1e", "%lf%n"},     {"1e+", "%lf%n"},  {"1e-x", "%lf%n"},   {"0x", "%lf%n"},
                {"0x.", "%lf%n"},    {"0xp", "%lf%n"},  {"0x1p+", "%lf%n"},  {"infx", "%lf%n"},
                {"infinit", "%lf%n"}, {"nan(ab)", "%lf%n"}, {"-0X+z", "%3lf%n"}, {"-0x1", "%3lf%n"},
                {"-0x1", "%4lf%n"},  {"0x1", "%2lf%n"}, {"0x", "%2lf%n"},    {"00x1", "%lf%n"},
                {"1e+5", "%2lf%n"},  {"-1", "%1lf%n"},  {"infinity", "%5lf%n"}, {"12.e", "%lf%n"}};
    for (unsigned k = 0; k < sizeof edge / sizeof *edge; k++) {
        double v = -7;
        int n = -1;
        int got = sscanf(edge[k].in, edge[k].fmt, &v, &n);
        printf("edge [%s] %s: %d %a %d\n", edge[k].in, edge[k].fmt, got, v, n);
    }
    struct {
        const char *in, *fmt;
    } iedge[] = {{"0x", "%li%n"},   {"0xg", "%lx%n"},  {"-0x", "%li%n"}, {"0x1", "%2lx%n"},
                 {"0x1", "%1lx%n"}, {"-0x1", "%2lx%n"}, {"0x", "%5lx%n"}, {"3x", "%lx%n"},
                 {"0x1", "%2ld%n"}, {"08", "%li%n"},    {"0xg", "%2li%n"}};
    for (unsigned k = 0; k < sizeof iedge / sizeof *iedge; k++) {
        long v = -7;
        int n = -1;
        int got = sscanf(iedge[k].in, iedge[k].fmt, &v, &n);
        printf("iedge [%s] %s: %d %ld %d\n", iedge[k].in, iedge[k].fmt, got, v, n);
    }
    return 0;
}
