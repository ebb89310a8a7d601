/* Conversions between floating types and integers (in-range values only),
 * and between float and double. Float to integer truncates toward zero. */
#include <stdio.h>

static double dvals[] = {0.0, 0.4, 0.5, 0.6, 1.5, 2.5, -0.4, -0.5, -1.5, -2.5, -2.7, 99.99,
                         -99.99, 127.9, -128.9, 255.5, 32767.25, -32768.75, 65535.9,
                         2147483647.9, -2147483648.9, 4294967295.5, 1e15, -1e15,
                         9.2e18, -9.2e18};

int main(void) {
    int n = sizeof dvals / sizeof dvals[0];
    for (int i = 0; i < n; i++) {
        double d = dvals[i];
        printf("%.6f:", d);
        if (d > -129.0 && d < 128.0)
            printf(" sc=%d", (signed char)d);
        if (d > -1.0 && d < 256.0)
            printf(" uc=%u", (unsigned char)d);
        if (d > -32769.0 && d < 32768.0)
            printf(" s=%d", (short)d);
        if (d > -1.0 && d < 65536.0)
            printf(" us=%u", (unsigned short)d);
        if (d > -2147483649.0 && d < 2147483648.0)
            printf(" i=%d", (int)d);
        if (d > -1.0 && d < 4294967296.0)
            printf(" u=%u", (unsigned)d);
        if (d > -9.3e18 && d < 9.3e18)
            printf(" ll=%lld", (long long)d);
        if (d > -1.0 && d < 1.8e19)
            printf(" ull=%llu", (unsigned long long)d);
        float f = (float)d;
        printf(" f=%.9g\n", f);
    }

    /* integers to floating point, including values that must round */
    long long ivals[] = {0, 1, -1, 16777217, -16777217, 2147483647, -2147483647 - 1,
                         9007199254740993LL, -9007199254740993LL, 9223372036854775807LL};
    for (int i = 0; i < 10; i++) {
        long long v = ivals[i];
        float f = (float)v;
        double d = (double)v;
        printf("%lld -> f %.9g d %.17g\n", v, f, d);
    }
    unsigned long long uvals[] = {0ULL, 1ULL, 4294967295ULL, 0x8000000000000000ULL,
                                  0xffffffffffffffffULL, 0x8000000000000801ULL};
    for (int i = 0; i < 6; i++) {
        unsigned long long v = uvals[i];
        float f = (float)v;
        double d = (double)v;
        printf("%llu -> f %.9g d %.17g\n", v, f, d);
    }
    unsigned u = 4294967295u;
    unsigned char uc = 200;
    signed char sc = -100;
    short sh = -30000;
    printf("u->d %.17g u->f %.9g uc->f %.9g sc->d %.17g sh->f %.9g\n", (double)u, (float)u,
           (float)uc, (double)sc, (float)sh);

    /* float <-> double */
    float fv[] = {0.1f, 1.0f / 3.0f, 1e-40f, 3.4e38f, -0.0f};
    for (int i = 0; i < 5; i++) {
        double widened = fv[i];
        printf("float %.9g widened %.17g\n", fv[i], widened);
    }
    double dv[] = {0.1, 1.0 / 3.0, 1e-50, 1e39, 16777217.0, 0.30000000000000004};
    for (int i = 0; i < 6; i++) {
        float narrowed = (float)dv[i];
        printf("double %.17g narrowed %.9g\n", dv[i], narrowed);
    }

    /* implicit conversions in mixed expressions */
    int k = 7;
    float half = 0.5f;
    double third = 1.0 / 3.0;
    printf("mixed %.9g %.17g %.17g\n", k * half, k * third, half + third);
    int back = k * 2.9;
    printf("back=%d\n", back);
    return 0;
}
