/* int and unsigned int: wraparound of unsigned arithmetic, large products,
 * and signed arithmetic kept in range. */
#include <stdio.h>
#include <limits.h>

static int i_vals[] = {0, 1, -1, 2, -2, 3, -7, 100, -100, 46340, -46340, 65536, INT_MAX, INT_MIN, 123456789};
static unsigned u_vals[] = {0u, 1u, 2u, 3u, 100u, 65535u, 65536u, 0x7fffffffu, 0x80000000u, 0xdeadbeefu, 0xfffffffeu, 0xffffffffu};

int main(void) {
    int ni = sizeof i_vals / sizeof i_vals[0];
    int nu = sizeof u_vals / sizeof u_vals[0];

    for (int i = 0; i < nu; i++) {
        for (int j = 0; j < nu; j++) {
            unsigned a = u_vals[i], b = u_vals[j];
            printf("u %u %u: + %u - %u * %u", a, b, a + b, a - b, a * b);
            if (b)
                printf(" / %u %% %u", a / b, a % b);
            printf("\n");
        }
    }

    /* signed: only in-range results are printed */
    for (int i = 0; i < ni; i++) {
        for (int j = 0; j < ni; j++) {
            long long a = i_vals[i], b = i_vals[j];
            long long s = a + b, d = a - b, p = a * b;
            printf("i %lld %lld:", a, b);
            if (s >= INT_MIN && s <= INT_MAX)
                printf(" + %d", i_vals[i] + i_vals[j]);
            if (d >= INT_MIN && d <= INT_MAX)
                printf(" - %d", i_vals[i] - i_vals[j]);
            if (p >= INT_MIN && p <= INT_MAX)
                printf(" * %d", i_vals[i] * i_vals[j]);
            /* unsigned wraparound view of the same operation */
            printf(" u+ %u u* %u", (unsigned)i_vals[i] + (unsigned)i_vals[j],
                   (unsigned)i_vals[i] * (unsigned)i_vals[j]);
            printf("\n");
        }
    }

    /* negation */
    for (int i = 0; i < ni; i++) {
        if (i_vals[i] != INT_MIN)
            printf("neg %d = %d\n", i_vals[i], -i_vals[i]);
        printf("uneg %u = %u\n", (unsigned)i_vals[i], -(unsigned)i_vals[i]);
    }

    /* linear congruential generator */
    unsigned x = 12345;
    for (int k = 0; k < 16; k++) {
        x = x * 1103515245u + 12345u;
        printf("lcg %u %d\n", x, (int)(x >> 16) & 0x7fff);
    }

    /* pre/post increment semantics (each in its own full expression) */
    int a = 5;
    int b = a++;
    int c = ++a;
    int d = a--;
    int e = --a;
    printf("a=%d b=%d c=%d d=%d e=%d\n", a, b, c, d, e);
    return 0;
}
