// expect: safe executions=1
// args: --data-model ILP32
// expect-output: sum 1 4294967296 2.500 7 x 3 9 -5
// expect-output: vsnprintf 42 -1 1099511627776 0.25 hi 4294967295
// expect-output: vsscanf 3 -7 12345678901 ok
// Variadic functions under ILP32: i386's va_list is a pointer into 4-byte
// argument slots (8 for long long and double); clang's va_arg walks it,
// and the runtime's v*printf / v*scanf read it.
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct pair { int a, b; };

static void sum(const char *tag, int n, ...) {
  va_list ap;
  va_start(ap, n);
  int i = va_arg(ap, int);
  long long ll = va_arg(ap, long long);
  double d = va_arg(ap, double);
  int *p = va_arg(ap, int *);
  char c = (char)va_arg(ap, int);
  struct pair pr = va_arg(ap, struct pair);
  long l = va_arg(ap, long);
  va_list copy;
  va_copy(copy, ap);
  va_end(ap);
  (void)copy;
  va_end(copy);
  printf("%s %d %lld %.3f %d %c %d %d %ld\n", tag, i, ll, d, *p, c, pr.a, pr.b, l);
  (void)n;
}

static int fmt(char *buf, size_t n, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int r = vsnprintf(buf, n, f, ap);
  va_end(ap);
  return r;
}

static int scan(const char *in, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int r = vsscanf(in, f, ap);
  va_end(ap);
  return r;
}

int main(void) {
  int seven = 7;
  struct pair pr = {3, 9};
  sum("sum", 7, 1, 1LL << 32, 2.5, &seven, 'x', pr, -5L);
  char buf[128];
  fmt(buf, sizeof buf, "vsnprintf %d %ld %lld %.2f %s %lu", 42, -1L, 1LL << 40, 0.25,
      "hi", 0xffffffffUL);
  puts(buf);
  int a = 0;
  long b = 0;
  long long c = 0;
  char word[8];
  int r = scan("3 -7 12345678901 ok", "%d %ld %lld %7s", &a, &b, &c, word);
  assert(r == 4);
  printf("vsscanf %d %ld %lld %s\n", a, b, c, word);
  return 0;
}
