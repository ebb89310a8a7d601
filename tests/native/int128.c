// native-ilp32: no (i386 has no __int128)
/* __int128 and unsigned __int128 arithmetic, printed as two 64-bit halves. */
#include <stdio.h>

typedef unsigned __int128 u128;
typedef __int128 i128;

static void pu(const char *label, u128 v) {
    printf("%s %016llx%016llx\n", label, (unsigned long long)(v >> 64), (unsigned long long)v);
}

static void ps(const char *label, i128 v) {
    int neg = v < 0;
    u128 m = neg ? -(u128)v : (u128)v;
    printf("%s %c%016llx%016llx\n", label, neg ? '-' : '+', (unsigned long long)(m >> 64),
           (unsigned long long)m);
}

/* decimal printing of an unsigned 128-bit value by repeated division */
static void pdec(u128 v) {
    char buf[48];
    int i = 47;
    buf[i] = 0;
    do {
        buf[--i] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    printf("dec %s\n", &buf[i]);
}

int main(void) {
    u128 a = ((u128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
    u128 b = ((u128)0x1ULL << 64) | 0xffffffffffffffffULL;
    u128 max = ~(u128)0;
    pu("a", a);
    pu("b", b);
    pu("a+b", a + b);
    pu("a-b", a - b);
    pu("b-a", b - a);
    pu("a*b", a * b);
    pu("a/b", a / b);
    pu("a%b", a % b);
    pu("max+1", max + 1);
    pu("max*max", max * max);
    pu("a&b", a & b);
    pu("a|b", a | b);
    pu("a^b", a ^ b);
    pu("~a", ~a);
    for (int k = 0; k < 128; k += 9) {
        printf("k=%d ", k);
        pu("a<<k", a << k);
        printf("k=%d ", k);
        pu("a>>k", a >> k);
    }

    i128 s = -(i128)a;
    ps("s", s);
    ps("s/7", s / 7);
    ps("s%7", s % 7);
    ps("s/-7", s / -7);
    ps("s>>3", s >> 3);
    ps("s>>100", s >> 100);
    ps("s*3", s * 3);
    printf("cmp %d %d %d %d\n", s < 0, (u128)s > a, s < (i128)b, a > b);

    /* 64x64 -> 128 multiply */
    unsigned long long x = 0xffffffffffffffffULL, y = 0xfffffffffffffffeULL;
    u128 p = (u128)x * y;
    pu("x*y", p);
    long long sx = -3000000000000000000LL;
    i128 sp = (i128)sx * 7;
    ps("sx*7", sp);
    printf("trunc %lld %llu\n", (long long)sp, (unsigned long long)sp);

    /* factorial until overflow of 128 bits */
    u128 f = 1;
    for (int k = 1; k <= 34; k++) {
        f *= (u128)k;
        if (k % 6 == 0 || k > 30)
            pdec(f);
    }
    pdec(max);

    /* sign extension from narrower types */
    int neg = -5;
    i128 wide = neg;
    ps("wide", wide);
    pu("uwide", (u128)wide);
    unsigned un = 0xfffffffbu;
    pu("zext", (u128)un);
    return 0;
}
