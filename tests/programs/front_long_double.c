// `long double` is x86's 80-bit extended precision, which weft does not
// model, so it is refused by name and line rather than approximated.
// expect: error
// expect-stderr: `long double` (x86_fp80
// expect-stderr: front_long_double.c:9
#include <stdio.h>
int main(void) {
  long double x = 1.0L;
  x = x / 3;
  printf("%Lf\n", x);
  return 0;
}
