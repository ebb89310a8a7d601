/* printf of floating-point values: %f %F %e %E %g %G with widths,
 * precisions and flags; floats are promoted to double.
 * Every line was cross-checked against an independent formatter. The list
 * avoids values like 999999.5, where rounding under %#g carries into a new
 * exponent: glibc prints "1.e+06" there instead of the standard
 * "1.00000e+06". */
#include <stdio.h>

int main(void) {
    double vals[] = {0.0, -0.0, 1.0, -1.0, 0.5, 0.125, 1.0 / 3.0, 2.0 / 3.0, 3.14159265358979,
                     -2.71828182845905, 100.0, 123456.789, 1e-5, 1.5e-7, 9.9999995, 0.000123456,
                     1e10, 6.02214076e23, -1.602176634e-19, 1e100, 5e-324, 1.7976931348623157e308,
                     2.5, 3.5, 0.05, 0.15, 0.25, 1234567.0, 999999.4, 99.95};
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++) {
        double v = vals[i];
        printf("[%f] [%.3f] [%.0f] [%e] [%.2e] [%g] [%.3g] [%.10g]\n", v, v, v, v, v, v, v, v);
        printf("  [%12.4f] [%-12.4f] [%+.2f] [% .2f] [%012.3f] [%E] [%G] [%#.0f] [%#g]\n", v, v,
               v, v, v, v, v, v, v);
    }

    float fv[] = {0.1f, 1.0f / 3.0f, 16777217.0f, 3.4028235e38f, 1e-45f, -7.5f};
    for (int i = 0; i < 6; i++)
        printf("float [%f] [%.10f] [%e] [%g] [%.9g]\n", fv[i], fv[i], fv[i], fv[i], fv[i]);

    /* rounding of halfway cases follows the exact binary value */
    double halves[] = {0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 2.675, 1.45};
    for (int i = 0; i < 8; i++)
        printf("%.0f %.2f %.1f\n", halves[i], halves[i], halves[i]);

    /* infinities (NaN printing is left out: its sign is not portable) */
    double inf = __builtin_inf();
    printf("[%f] [%e] [%g] [%F] [%5.1f] [%-6f|]\n", inf, -inf, inf, inf, -inf, inf);

    /* %g switching between fixed and exponent notation */
    double g = 1.0;
    for (int k = 0; k < 14; k++) {
        printf("%g %g %.2g\n", g * 1.23456, 1.0 / (g * 7.0), g * 9.87);
        g *= 10.0;
    }

    /* width and precision from arguments */
    for (int w = 4; w <= 12; w += 4)
        for (int p = 0; p <= 6; p += 3)
            printf("[%*.*f] [%-*.*e]\n", w, p, 3.14159, w, p, -31.4159);
    return 0;
}
