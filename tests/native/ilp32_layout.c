// native-args: -m32
// The ILP32 data model against a native i386 build: sizes, struct layouts
// with long long and double (4-aligned), 32-bit long arithmetic and its
// wrap-around, printf length modifiers, strtol's 32-bit range, pointer
// differences, unions and bit-fields.
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mixed {
  char c;
  long long ll;
  short s;
  double d;
  int *p;
  long l;
  char tail;
};

struct nested {
  char a;
  struct mixed m;
  long double_align_probe;
  unsigned long long u;
};

struct bits {
  unsigned a : 3;
  unsigned long b : 20;
  long long c : 40;
};

union u {
  long long ll;
  double d;
  void *p;
  char bytes[12];
};

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

int main(void) {
  printf("sizeof: char %zu short %zu int %zu long %zu llong %zu ptr %zu size_t %zu ptrdiff_t %zu\n",
         sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long),
         sizeof(void *), sizeof(size_t), sizeof(ptrdiff_t));
  printf("float %zu double %zu intptr %zu intmax %zu wchar %zu\n", sizeof(float),
         sizeof(double), sizeof(intptr_t), sizeof(intmax_t), sizeof(wchar_t));
  printf("mixed: size %zu align %zu c %zu ll %zu s %zu d %zu p %zu l %zu tail %zu\n",
         sizeof(struct mixed), _Alignof(struct mixed), offsetof(struct mixed, c),
         offsetof(struct mixed, ll), offsetof(struct mixed, s), offsetof(struct mixed, d),
         offsetof(struct mixed, p), offsetof(struct mixed, l), offsetof(struct mixed, tail));
  printf("nested: size %zu m %zu probe %zu u %zu\n", sizeof(struct nested),
         offsetof(struct nested, m), offsetof(struct nested, double_align_probe),
         offsetof(struct nested, u));
  printf("bits %zu union %zu\n", sizeof(struct bits), sizeof(union u));

  struct mixed arr[3];
  memset(arr, 0, sizeof arr);
  for (int i = 0; i < 3; i++) {
    arr[i].ll = (long long)i << 33;
    arr[i].d = i * 0.5;
    arr[i].l = -i;
    arr[i].p = (int *)&arr[i].l;
  }
  printf("stride %d ll %lld d %.1f l %ld\n", (int)((char *)&arr[2] - (char *)&arr[0]),
         arr[2].ll, arr[2].d, arr[2].l);

  struct bits b = {5, 0xfffff, -3};
  b.b += 1;
  printf("bits %u %lu %lld\n", b.a, (unsigned long)b.b, (long long)b.c);

  union u un;
  memset(&un, 0, sizeof un);
  un.ll = 0x0102030405060708LL;
  printf("union %d %d\n", un.bytes[0], un.bytes[7]);

  unsigned long ul = ULONG_MAX;
  long l = LONG_MAX;
  ul += 2;
  printf("wrap %lu %ld %ld %lu\n", ul, l, LONG_MIN, (unsigned long)-1);
  printf("mods %hhd %hd %ld %lld %lu %zu %td %jd %llx %lx\n", (signed char)200, (short)70000,
         -5L, -5LL, 5UL, (size_t)-1, (ptrdiff_t)-3, (intmax_t)-7, -1LL, -1L);
  long long big = 1LL << 40;
  long trunc = (long)big;
  unsigned long long prod = (unsigned long long)0xffffffffUL * 0xffffffffUL;
  printf("trunc %ld prod %llu div %lld rem %lld\n", trunc, prod, big / 7, big % 7);

  errno = 0;
  long r1 = strtol("3000000000", 0, 10);
  int e1 = errno;
  errno = 0;
  long r2 = strtol("-3000000000", 0, 10);
  int e2 = errno;
  errno = 0;
  unsigned long r3 = strtoul("4294967296", 0, 10);
  int e3 = errno;
  errno = 0;
  unsigned long r4 = strtoul("-1", 0, 10);
  long long r5 = strtoll("3000000000", 0, 10);
  printf("strtol %ld %d %ld %d %lu %d %lu %lld %ld %d\n", r1, e1 == ERANGE, r2, e2 == ERANGE,
         r3, e3 == ERANGE, r4, r5, atol("2147483647"), atoi("-12"));

  long v[5] = {3, -1, 2147483647L, -2147483647L - 1, 0};
  qsort(v, 5, sizeof v[0], cmp_long);
  printf("sorted %ld %ld %ld %ld %ld\n", v[0], v[1], v[2], v[3], v[4]);

  char buf[64];
  int n = snprintf(buf, sizeof buf, "%lu|%ld|%zu", 4000000000UL, -2000000000L, sizeof(long));
  long a = 0;
  unsigned long bb = 0;
  size_t z = 0;
  int got = sscanf(buf, "%lu|%ld|%zu", &bb, &a, &z);
  printf("%s %d %d %lu %ld %zu\n", buf, n, got, bb, a, z);

  int x[10];
  int *p = &x[7], *q = &x[2];
  printf("ptrdiff %td %d\n", p - q, (int)((uintptr_t)p - (uintptr_t)q));
  return 0;
}
