/* long, long long and their unsigned variants: 64-bit wraparound,
 * large products and mixed-width arithmetic. */
#include <stdio.h>
#include <limits.h>

static long long l_vals[] = {0LL, 1LL, -1LL, 3LL, -3LL, 1000000007LL, -1000000007LL,
                             3037000499LL, -3037000499LL, 4294967296LL, LLONG_MAX, LLONG_MIN,
                             0x123456789abcdefLL};
static unsigned long long u_vals[] = {0ULL, 1ULL, 2ULL, 0xffffffffULL, 0x100000000ULL,
                                      0x7fffffffffffffffULL, 0x8000000000000000ULL,
                                      0xfedcba9876543210ULL, 0xffffffffffffffffULL, 10ULL};

int main(void) {
    int nl = sizeof l_vals / sizeof l_vals[0];
    int nu = sizeof u_vals / sizeof u_vals[0];

    for (int i = 0; i < nu; i++) {
        for (int j = 0; j < nu; j++) {
            unsigned long long a = u_vals[i], b = u_vals[j];
            printf("ull %llu %llu: + %llu - %llu * %llu", a, b, a + b, a - b, a * b);
            if (b)
                printf(" / %llu %% %llu", a / b, a % b);
            printf("\n");
        }
    }

    for (int i = 0; i < nl; i++) {
        for (int j = 0; j < nl; j++) {
            long long a = l_vals[i], b = l_vals[j];
            long long r;
            printf("ll %lld %lld:", a, b);
            if (!__builtin_add_overflow(a, b, &r))
                printf(" + %lld", a + b);
            if (!__builtin_sub_overflow(a, b, &r))
                printf(" - %lld", a - b);
            if (!__builtin_mul_overflow(a, b, &r))
                printf(" * %lld", a * b);
            printf(" u* %llu\n", (unsigned long long)a * (unsigned long long)b);
        }
    }

    /* long is 64-bit on the target */
    long x = 1;
    unsigned long ux = 1;
    for (int k = 0; k < 70; k += 3) {
        printf("k=%d x=%ld ux=%lu\n", k, x, ux);
        x = x * 3 % 1000000000039L;
        ux = ux * 0x9e3779b97f4a7c15UL + 1;
    }

    /* mixed int and long long: usual arithmetic conversions */
    int small = -5;
    unsigned int usmall = 5;
    long long big = 10000000000LL;
    unsigned long long ubig = 10000000000ULL;
    printf("%lld %lld %llu %llu\n", small + big, usmall + big, small + ubig, usmall * ubig);
    printf("%lld %llu\n", (long long)small * 3000000000LL, (unsigned long long)small);

    /* 64-bit FNV-1a over a byte sequence */
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (int k = 0; k < 40; k++) {
        h ^= (unsigned char)(k * 7 + 3);
        h *= 0x100000001b3ULL;
        if (k % 5 == 4)
            printf("fnv %d %llu %llx\n", k, h, h);
    }
    return 0;
}
