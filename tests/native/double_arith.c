// native-ilp32: no (a native i386 build computes with x87 excess precision)
/* Double-precision arithmetic, printed with %.17g so that every bit of
 * the result is visible. */
#include <stdio.h>

static double vals[] = {0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1.0 / 3.0, -2.5, 1e300, 1e-300,
                        9007199254740992.0, 3.141592653589793, 2.718281828459045, -0.0};

/* Horner evaluation of a polynomial */
static double poly(double x) {
    static const double c[] = {1.0, -0.5, 0.25, -0.125, 0.0625};
    double r = 0.0;
    for (int i = 4; i >= 0; i--) {
        r = r * x;
        r = r + c[i];
    }
    return r;
}

int main(void) {
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double a = vals[i], b = vals[j];
            printf("%.17g %.17g: + %.17g - %.17g * %.17g", a, b, a + b, a - b, a * b);
            if (b != 0.0)
                printf(" / %.17g", a / b);
            printf("\n");
        }

    double x = 0.1 + 0.2;
    printf("0.1+0.2=%.17g ==0.3? %d\n", x, x == 0.3);

    /* 2^53 + 1 rounds back to 2^53 */
    double p53 = 9007199254740992.0;
    printf("%.1f %.1f %.1f\n", p53 + 1.0, p53 + 2.0, p53 + 3.0);

    /* Newton iteration for sqrt(2) */
    double r = 1.0;
    for (int k = 0; k < 7; k++) {
        r = 0.5 * (r + 2.0 / r);
        printf("newton %d %.17g\n", k, r);
    }

    /* harmonic series */
    double h = 0.0;
    for (int k = 1; k <= 10000; k++)
        h += 1.0 / k;
    printf("H(10000)=%.17g\n", h);

    for (int k = -4; k <= 4; k++) {
        double t = k * 0.75;
        printf("poly(%.2f)=%.17g\n", t, poly(t));
    }

    /* compound assignments */
    double v = 100.0;
    for (int k = 0; k < 10; k++) {
        v -= 3.3;
        v *= 1.01;
        v /= 0.97;
        printf("v=%.17g\n", v);
    }

    /* overflow, underflow, subnormals */
    double big = 1e308;
    double tiny = 2.2250738585072014e-308;
    printf("%f %.17g %.17g\n", big * 10.0, tiny / 4.0, tiny / 1e300);
    return 0;
}
