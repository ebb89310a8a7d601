/* Signed and unsigned comparisons of the same bit patterns, mixed-sign
 * comparisons after the usual arithmetic conversions, and conversions to
 * and from _Bool. */
#include <stdio.h>
#include <stdbool.h>

static int svals[] = {-2147483647 - 1, -100, -1, 0, 1, 100, 2147483647};

int main(void) {
    int n = sizeof svals / sizeof svals[0];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int a = svals[i], b = svals[j];
            unsigned ua = (unsigned)a, ub = (unsigned)b;
            printf("%d %d: s< %d s<= %d s> %d s>= %d == %d != %d | u< %d u<= %d u> %d u>= %d\n",
                   a, b, a < b, a <= b, a > b, a >= b, a == b, a != b, ua < ub, ua <= ub, ua > ub,
                   ua >= ub);
        }

    /* mixed signed/unsigned: the signed operand converts to unsigned */
    int neg = -1;
    unsigned one = 1;
    printf("mixed: %d %d\n", neg < one, (long long)neg < (long long)one);
    long long lneg = -1;
    printf("ll vs u: %d\n", lneg < one); /* unsigned converts to long long */
    unsigned long long ulone = 1;
    printf("ll vs ull: %d\n", lneg < ulone);

    /* narrow types promote to int, so no surprise here */
    unsigned char uc = 200;
    signed char sc = -56;
    printf("uc vs sc: %d %d %d\n", uc > sc, uc == (unsigned char)sc, (signed char)uc == sc);
    unsigned short us = 65535;
    short ss = -1;
    printf("us vs ss: %d %d\n", us == ss, us == (unsigned short)ss);

    /* 64-bit comparisons */
    long long l[] = {-9223372036854775807LL - 1, -1, 0, 1, 9223372036854775807LL};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            printf("ll %d %d: %d %d %d\n", i, j, l[i] < l[j],
                   (unsigned long long)l[i] < (unsigned long long)l[j], l[i] == l[j]);

    /* _Bool conversions: any nonzero value becomes 1 */
    long long bv[] = {0, 1, 2, -1, 256, 0x100000000LL, -9223372036854775807LL - 1};
    for (int i = 0; i < 7; i++) {
        bool b = bv[i];
        _Bool c = (unsigned char)bv[i];
        int d = !bv[i];
        int e = !!bv[i];
        printf("bool(%lld) = %d, via uchar %d, not %d, notnot %d\n", bv[i], b, c, d, e);
    }
    bool t = true, f = false;
    int sum = t + t + f;
    bool x = t ^ t;
    bool y = t & 2;
    bool z = (bool)0.5;
    printf("bool arith: %d %d %d %d %d\n", sum, x, y, z, t * 7);

    /* comparisons produce int 0/1 usable in arithmetic */
    int count = 0;
    for (int k = -10; k <= 10; k++)
        count += (k > 3) + (k < -3) * 2 + (k == 0) * 100;
    printf("count=%d\n", count);

    /* logical operators short-circuit */
    int calls = 0;
    int r1 = (calls++ > 100) && (calls++ > 0);
    int r2 = (calls++ >= 0) || (calls++ > 0);
    printf("r1=%d r2=%d calls=%d\n", r1, r2, calls);
    return 0;
}
