// native-ilp32: no (a native i386 build computes with x87 excess precision)
/* Floating-point contraction. For `a * b + c` written in one expression
 * clang (default -ffp-contract=on) emits llvm.fmuladd, which LLVM may
 * evaluate fused or unfused. Native x86-64 code at -O0 (no FMA in the
 * baseline ISA) evaluates it as a rounded multiply followed by a rounded
 * add, and that is what a faithful interpreter must reproduce. The values
 * are chosen so that fused and unfused results differ. */
#include <stdio.h>

static double muladd(double a, double b, double c) { return a * b + c; }
static float muladdf(float a, float b, float c) { return a * b + c; }
static double mulsub(double a, double b, double c) { return a * b - c; }

int main(void) {
    /* a = 1 + 2^-27: a*a = 1 + 2^-26 + 2^-54 exactly; fused gives 2^-54 */
    double a = 1.0 + 1.0 / 134217728.0;
    double c = -(1.0 + 1.0 / 67108864.0);
    printf("muladd=%.17g\n", muladd(a, a, c));
    printf("mulsub=%.17g\n", mulsub(a, a, -c));
    printf("0.1*10-1=%.17g\n", muladd(0.1, 10.0, -1.0));

    /* float: a = 1 + 2^-12 */
    float fa = 1.0f + 1.0f / 4096.0f;
    float fc = -(1.0f + 1.0f / 2048.0f);
    printf("muladdf=%.9g\n", muladdf(fa, fa, fc));

    /* separate statements are never contracted */
    double p = a * a;
    double s = p + c;
    printf("separate=%.17g\n", s);

    /* a dot product accumulated with contraction candidates */
    double x[] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
    double y[] = {7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0};
    double dot = 0.0;
    for (int i = 0; i < 7; i++)
        dot = x[i] * y[i] + dot;
    printf("dot=%.17g\n", dot);
    return 0;
}
