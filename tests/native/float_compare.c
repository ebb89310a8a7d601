/* Floating-point comparisons, including signed zeros, infinities and
 * NaN, for which every ordered comparison is false and != is true. */
#include <stdio.h>

int main(void) {
    double inf = __builtin_inf();
    double nan = __builtin_nan("");
    double vals[] = {-inf, -1e300, -1.0, -0.0, 0.0, 1e-320, 1.0, 1e300, inf, nan};
    const char *names[] = {"-inf", "-1e300", "-1", "-0", "0", "1e-320", "1", "1e300", "inf", "nan"};
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) {
            double a = vals[i], b = vals[j];
            printf("%s %s: < %d <= %d > %d >= %d == %d != %d\n", names[i], names[j], a < b,
                   a <= b, a > b, a >= b, a == b, a != b);
        }

    float finf = __builtin_inff();
    float fnan = __builtin_nanf("");
    float fvals[] = {-finf, -2.5f, 0.0f, 2.5f, finf, fnan};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            float a = fvals[i], b = fvals[j];
            printf("f%d f%d: %d %d %d %d\n", i, j, a < b, a == b, a >= b, a != b);
        }

    /* NaN self-comparison and classification */
    for (int i = 0; i < 10; i++) {
        double v = vals[i];
        printf("%s: self== %d isnan %d isinf %d signbit %d\n", names[i], v == v,
               __builtin_isnan(v), __builtin_isinf(v), __builtin_signbit(v) != 0);
    }

    /* arithmetic producing NaN / inf (only classified, never printed) */
    double zero = 0.0;
    double q = zero / zero;
    double r = inf - inf;
    double s = inf * zero;
    double t = 1.0 / zero;
    double u = -1.0 / zero;
    printf("0/0 nan %d, inf-inf nan %d, inf*0 nan %d\n", q != q, r != r, s != s);
    printf("1/0 = %f, -1/0 = %f, 1/-0 = %f\n", t, u, 1.0 / -zero);
    printf("nan+1 nan %d, inf+1 = %f, -inf*-2 = %f\n", (nan + 1.0) != (nan + 1.0), inf + 1.0,
           -inf * -2.0);

    /* comparisons used as branch conditions */
    int count = 0;
    for (int i = 0; i < 10; i++) {
        if (vals[i] > 0.0)
            count += 1;
        if (!(vals[i] <= 0.0))
            count += 10;
        if (vals[i] != vals[i])
            count += 100;
    }
    printf("count=%d\n", count);

    /* ternary min/max over an array that includes -0.0 */
    double arr[] = {3.5, -0.0, 7.25, -12.5, 0.0, 7.5, -12.75};
    double mn = arr[0], mx = arr[0];
    for (int i = 1; i < 7; i++) {
        mn = arr[i] < mn ? arr[i] : mn;
        mx = arr[i] > mx ? arr[i] : mx;
    }
    printf("min=%g max=%g\n", mn, mx);
    printf("-0 == 0: %d, 1/-0 < 0: %d\n", -0.0 == 0.0, (1.0 / -zero) < 0.0);
    return 0;
}
