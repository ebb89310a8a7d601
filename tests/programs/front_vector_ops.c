// GCC vector extensions: lane-wise integer and float arithmetic,
// comparisons (lanes of 0/-1), variable lane reads and writes, shuffles,
// conversions and bitcasts between vector types, loads and stores.
// expect: safe
// expect-output: c = 21 42 7 84
// expect-output: f = 3 5 7 9 | m = 0 0 -1 -1
// expect-output: s = 40 3 20 1 | d = 1.5 -2
// expect-output: w = 0x200000001 0x400000003 | u = 2 1 | x = 4
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef long v2di __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef unsigned char v8qi __attribute__((vector_size(8)));

v4si g;

int main(void) {
  v4si a = {1, 2, 3, 4}, b = {10, 20, 30, 40};
  v4si c = a + b * 2;
  volatile int i = 2;
  c[i] = 7;
  v4sf f = {1.5f, 2.5f, 3.5f, 4.5f};
  f = f * 2.0f;
  v4si m = a > 2;
  v4si s = __builtin_shufflevector(a, b, 7, 2, 5, 0);
  v2df d = {3.0, -4.0};
  d = d / (v2df){2.0, 2.0};
  v2di w = (v2di)a;
  v8qi q = {1, 2, 3, 4, 5, 6, 7, 8};
  v8qi u = q >> 1;
  g = c;
  int j = i - 1;
  printf("c = %d %d %d %d\n", g[0], g[1], g[2], g[3]);
  printf("f = %g %g %g %g | m = %d %d %d %d\n", f[0], f[1], f[2], f[3], m[0], m[1],
         m[2], m[3]);
  printf("s = %d %d %d %d | d = %g %g\n", s[0], s[1], s[2], s[3], d[0], d[1]);
  printf("w = %#lx %#lx | u = %d %d | x = %d\n", w[0], w[1], u[j + 2], u[1], c[3] / (c[i] * 3));
  return 0;
}
