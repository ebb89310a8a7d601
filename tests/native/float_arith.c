/* Single-precision arithmetic. Every operation rounds to float, so the
 * printed results (with enough digits to identify the float exactly)
 * differ from what double arithmetic would give. */
#include <stdio.h>

static float vals[] = {0.0f, 1.0f, -1.0f, 0.1f, 0.5f, 3.0f, -2.5f, 1e10f, 1e-10f, 16777216.0f,
                       3.14159265f, -0.0f, 123.456f};

int main(void) {
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float a = vals[i], b = vals[j];
            float s = a + b, d = a - b, p = a * b;
            printf("%.9g %.9g: + %.9g - %.9g * %.9g", a, b, s, d, p);
            if (b != 0.0f) {
                float q = a / b;
                printf(" / %.9g", q);
            }
            printf("\n");
        }

    /* accumulation error in float */
    float acc = 0.0f;
    for (int k = 0; k < 1000; k++)
        acc += 0.1f;
    printf("sum of 0.1f x1000 = %.9g\n", acc);

    /* 2^24 + 1 is not representable */
    float big = 16777216.0f;
    float big1 = big + 1.0f;
    float big2 = big + 2.0f;
    printf("big+1=%.1f big+2=%.1f\n", big1, big2);

    /* negation and unary ops */
    for (int i = 0; i < n; i++) {
        float a = vals[i];
        float neg = -a;
        float sq = a * a;
        printf("neg %.9g sq %.9g half %.9g\n", neg, sq, a * 0.5f);
    }

    /* compound assignment */
    float f = 1.0f;
    for (int k = 1; k <= 12; k++) {
        f *= 1.5f;
        f -= 0.25f;
        f /= 1.125f;
        printf("f%d=%.9g\n", k, f);
    }

    /* overflow to infinity and underflow to zero / subnormal */
    float huge = 3e38f;
    float inf = huge * 10.0f;
    float tiny = 1e-38f;
    float sub = tiny / 1000.0f;
    float zero = sub / 1e10f;
    printf("inf=%f sub=%.9g zero=%.9g\n", inf, sub, zero);
    return 0;
}
