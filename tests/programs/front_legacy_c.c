// Legacy C that clang 16+ rejects by default: implicit int, an implicitly
// declared (but modelled) function, int/pointer conversions, incompatible
// pointer types, a missing return value. weft accepts it, as older
// compilers do, without printing clang's warnings.
// expect: safe
// expect-output: x=7
static f(int a) { return a + 1; }
static int nothing(void) {}
main() {
  long p = (int *)0;
  int *q = 6;
  char *c = &p;
  printf("x=%d\n", f((long)q));
  return (int)p;
}
