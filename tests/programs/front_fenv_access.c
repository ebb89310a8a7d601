// Under `#pragma STDC FENV_ACCESS ON` clang emits constrained
// floating-point intrinsics; they compute what the plain operations do
// (the rounding mode cannot change: fesetround is not modelled).
// expect: safe
// expect-output: 0.30000000000000004 3 2.5
#include <stdio.h>
#pragma STDC FENV_ACCESS ON

int main(void) {
  double a = 0.1, b = 0.2;
  int i = (int)3.75;
  float f = (float)(5 / 2.0);
  printf("%.17g %d %g\n", a + b, i, f);
  return 0;
}
