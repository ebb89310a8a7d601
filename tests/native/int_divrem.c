/* Division and remainder with every sign combination, at every width.
 * C truncates toward zero; the remainder has the sign of the dividend. */
#include <stdio.h>

static int nums[] = {0, 1, 7, -7, 13, -13, 100, -100, 2147483647, -2147483647, 6, -6};
static int dens[] = {1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 2147483647, -2147483647};

int main(void) {
    int nn = sizeof nums / sizeof nums[0];
    int nd = sizeof dens / sizeof dens[0];

    for (int i = 0; i < nn; i++)
        for (int j = 0; j < nd; j++) {
            int a = nums[i], b = dens[j];
            printf("int %d / %d = %d, %% = %d\n", a, b, a / b, a % b);
        }

    for (int i = 0; i < nn; i++)
        for (int j = 0; j < nd; j++) {
            signed char a = (signed char)nums[i], b = (signed char)dens[j];
            if (b == 0 || (a == -128 && b == -1))
                continue;
            signed char q = a / b, r = a % b;
            printf("sc %d / %d = %d, %% = %d\n", a, b, q, r);
        }

    for (int i = 0; i < nn; i++)
        for (int j = 0; j < nd; j++) {
            short a = (short)(nums[i] % 10000 * 3), b = (short)dens[j];
            if (b == 0)
                continue;
            short q = a / b, r = a % b;
            printf("short %d / %d = %d, %% = %d\n", a, b, q, r);
        }

    for (int i = 0; i < nn; i++)
        for (int j = 0; j < nd; j++) {
            long long a = (long long)nums[i] * 1000003LL, b = (long long)dens[j] * 3LL;
            printf("ll %lld / %lld = %lld, %% = %lld\n", a, b, a / b, a % b);
        }

    /* the same bits viewed as unsigned give different quotients */
    for (int i = 0; i < nn; i++)
        for (int j = 0; j < nd; j += 2) {
            unsigned a = (unsigned)nums[i], b = (unsigned)dens[j];
            printf("uint %u / %u = %u, %% = %u\n", a, b, a / b, a % b);
            unsigned long long la = (unsigned long long)(long long)nums[i];
            unsigned long long lb = (unsigned long long)(long long)dens[j];
            printf("ull %llu / %llu = %llu, %% = %llu\n", la, lb, la / lb, la % lb);
        }

    /* identity: (a/b)*b + a%b == a */
    int ok = 1;
    for (int a = -50; a <= 50; a++)
        for (int b = -9; b <= 9; b++) {
            if (b == 0)
                continue;
            if ((a / b) * b + a % b != a)
                ok = 0;
        }
    printf("identity ok=%d\n", ok);

    /* compound assignment forms */
    int v = -1000;
    v /= 7;
    printf("v=%d\n", v);
    v %= 9;
    printf("v=%d\n", v);
    unsigned uv = 1000;
    uv /= 7;
    uv %= 9;
    printf("uv=%u\n", uv);
    return 0;
}
