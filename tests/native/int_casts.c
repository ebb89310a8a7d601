/* Conversions between integer widths and signedness: truncation,
 * sign extension and zero extension. */
#include <stdio.h>

static long long vals[] = {0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769,
                           65535, 65536, 2147483647LL, 2147483648LL, -2147483649LL,
                           4294967295LL, 4294967296LL, 0x123456789abcdef0LL,
                           -0x123456789abcdef0LL};

int main(void) {
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++) {
        long long v = vals[i];
        signed char sc = (signed char)v;
        unsigned char uc = (unsigned char)v;
        short ss = (short)v;
        unsigned short us = (unsigned short)v;
        int si = (int)v;
        unsigned ui = (unsigned)v;
        unsigned long long ul = (unsigned long long)v;
        printf("%lld: sc=%d uc=%u ss=%d us=%u si=%d ui=%u ul=%llu\n", v, sc, uc, ss, us, si, ui,
               ul);

        /* widen again from each narrow type */
        long long from_sc = sc, from_uc = uc, from_ss = ss, from_us = us, from_si = si,
                  from_ui = ui;
        printf("   back: %lld %lld %lld %lld %lld %lld\n", from_sc, from_uc, from_ss, from_us,
               from_si, from_ui);

        /* unsigned of a narrow signed: sign-extend first, then reinterpret */
        unsigned long long sx = (unsigned long long)sc;
        unsigned zx = (unsigned)uc;
        unsigned short s2u = (unsigned short)sc;
        printf("   sx=%llx zx=%x s2u=%x\n", sx, zx, s2u);
    }

    /* chains of conversions */
    int x = -300;
    unsigned char a = (unsigned char)x;
    signed char b = (signed char)a;
    short c = b;
    unsigned d = (unsigned)c;
    unsigned long long e = d;
    long long f = (int)d;
    printf("chain: %u %d %d %u %llu %lld\n", a, b, c, d, e, f);

    /* implicit conversions in assignment and arguments */
    unsigned short us2 = 70000;
    signed char sc2 = 200;
    int from_uint = (int)4000000000u;
    printf("implicit: %u %d %d\n", us2, sc2, from_uint);

    /* char values stored in an int array and back */
    char buf[6] = {'a', (char)0x80, (char)0xff, 0x7f, 0, 'z'};
    for (int i = 0; i < 6; i++)
        printf("buf[%d] = %d / %u\n", i, buf[i], (unsigned char)buf[i]);
    return 0;
}
