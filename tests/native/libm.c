// native-ilp32: no (a native i386 build computes with x87 excess precision)
/* libm calls (not builtins): every function weft models, in double and
 * float, on ordinary values, edge values and values that set errno. The
 * output must match the native run bit for bit (%a). */
#include <errno.h>
#include <math.h>
#include <stdio.h>

typedef double (*f1)(double);
typedef float (*g1)(float);
typedef double (*f2)(double, double);
typedef float (*g2)(float, float);

#define U(name) {#name, name, name##f}
struct un { const char *name; f1 d; g1 f; } un[] = {
    U(sqrt), U(cbrt), U(fabs), U(floor), U(ceil), U(round), U(trunc), U(rint), U(nearbyint),
    U(exp), U(exp2), U(expm1), U(log), U(log2), U(log10), U(log1p), U(sin), U(cos),
    U(tan), U(asin), U(acos), U(atan), U(sinh), U(cosh), U(tanh), U(asinh), U(acosh),
    U(atanh),
};
struct bin { const char *name; f2 d; g2 f; } bin[] = {
    U(pow), U(atan2), U(hypot), U(fmod), U(fmin), U(fmax), U(fdim), U(copysign),
};

int main(void) {
    double xs[] = {0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -2.5, 3.14159, 10.0, -7.25,
                   1e-300, 1e300, 710.0, -1000.0, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
    int n = sizeof xs / sizeof xs[0];
    for (unsigned i = 0; i < sizeof un / sizeof un[0]; i++)
        for (int k = 0; k < n; k++) {
            errno = 0;
            double r = un[i].d(xs[k]);
            int e1 = errno;
            errno = 0;
            float rf = un[i].f((float)xs[k]);
            printf("%s(%a) = %a e%d | f %a e%d\n", un[i].name, xs[k], r, e1, (double)rf, errno);
        }
    double ys[] = {0.0, -0.0, 0.5, -2.0, 3.0, 1e10, -1.0 / 0.0, 0.0 / 0.0};
    int ny = sizeof ys / sizeof ys[0];
    for (unsigned i = 0; i < sizeof bin / sizeof bin[0]; i++)
        for (int k = 0; k < n; k += 2)
            for (int j = 0; j < ny; j++) {
                errno = 0;
                double r = bin[i].d(xs[k], ys[j]);
                int e1 = errno;
                errno = 0;
                float rf = bin[i].f((float)xs[k], (float)ys[j]);
                printf("%s(%a, %a) = %a e%d | f %a e%d\n", bin[i].name, xs[k], ys[j], r, e1,
                       (double)rf, errno);
            }
    for (int k = 0; k < n - 3; k++)
        printf("lround %ld llround %lld lrint %ld lroundf %ld\n", lround(xs[k]), llround(xs[k]),
               lrint(xs[k]), lroundf((float)xs[k]));
    return 0;
}
