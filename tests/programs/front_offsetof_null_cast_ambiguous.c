// Two `&((T *)0)->member` offsets of different struct types in one
// expression look alike to weft's IR reader (it does not see a constant
// getelementptr's source type): the program is refused, naming the
// expression and its line, never given one type's offset for the other.
// expect: error
// expect-stderr: constant expression
// expect-stderr: front_offsetof_null_cast_ambiguous.c:15
#include <stdio.h>

struct s { int a; long b; };
struct t { char a; char b; };

int main(void) {
  long x = (long)&((struct s *)0)->b * 100 + (long)&((struct t *)0)->b;
  printf("%ld\n", x);
  return 0;
}
