// native-ilp32: no (a native i386 build computes with x87 excess precision)
/* Floating-point builtins that clang lowers to LLVM intrinsics even at
 * -O0 (no libm calls): fabs, floor, ceil, trunc, round, rint, copysign,
 * fmin, fmax, fma and the elementwise sqrt. */
#include <stdio.h>

int main(void) {
    double vals[] = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 2.4999, -2.5001, 7.0, -7.0,
                     1e15 + 0.5, 123.456, -123.456, 4503599627370497.0};
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++) {
        double v = vals[i];
        printf("%.4f: fabs %.4f floor %.4f ceil %.4f trunc %.4f round %.4f rint %.4f\n", v,
               __builtin_fabs(v), __builtin_floor(v), __builtin_ceil(v), __builtin_trunc(v),
               __builtin_round(v), __builtin_rint(v));
        printf("   copysign(3,v) %.1f copysign(v,-1) %.4f fmin(v,1) %.4f fmax(v,-1) %.4f\n",
               __builtin_copysign(3.0, v), __builtin_copysign(v, -1.0), __builtin_fmin(v, 1.0),
               __builtin_fmax(v, -1.0));
    }

    double sq[] = {0.0, 1.0, 2.0, 3.0, 4.0, 0.25, 1e-10, 1e10, 123456789.0};
    for (int i = 0; i < 9; i++)
        printf("sqrt(%.17g) = %.17g\n", sq[i], __builtin_elementwise_sqrt(sq[i]));

    float fs[] = {0.0f, 2.0f, 10.0f, 0.5f};
    for (int i = 0; i < 4; i++)
        printf("sqrtf(%.9g) = %.9g fabsf(-x) = %.9g floorf = %.9g\n", fs[i],
               __builtin_elementwise_sqrt(fs[i]), __builtin_fabsf(-fs[i]),
               __builtin_floorf(fs[i] * 1.7f));

    /* fma is always fused: differs from the separately rounded a*a+c */
    double a = 1.0 + 1.0 / 134217728.0;
    double c = -(1.0 + 1.0 / 67108864.0);
    printf("fma=%.17g\n", __builtin_fma(a, a, c));
    printf("fma2=%.17g\n", __builtin_fma(0.1, 10.0, -1.0));

    /* fmin/fmax ignore a quiet NaN operand */
    double nan = __builtin_nan("");
    printf("fmin(nan,2)=%g fmax(3,nan)=%g\n", __builtin_fmin(nan, 2.0), __builtin_fmax(3.0, nan));

    /* fabs of infinities, floor of large values */
    double inf = __builtin_inf();
    printf("%f %f %.1f\n", __builtin_fabs(-inf), __builtin_floor(-inf), __builtin_ceil(1e300 / 1e290));
    return 0;
}
