// expect: safe executions=1
// args: --data-model ILP32
// expect-output: sizes long=4 ptr=4 size_t=4 pthread_t=4 time_t=4 long long=8
// expect-output: offsets x=4 d=12 p=20 size=24 align=4
// expect-output: printf -1 4294967295 24 -2147483648 9223372036854775807
// expect-output: pointer ok 1 (nil)
// The ILP32 data model (i386, -m32): 4-byte pointers, long, size_t and
// pthread_t; long long and double only 4-aligned inside structs; pointers
// survive round trips through uintptr_t and unsigned int.
#include <assert.h>
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

struct s {
  char c;
  long long x;
  double d;
  void *p;
};

int global = 7;

int main(void) {
  assert(sizeof(long) == 4);
  assert(sizeof(void *) == 4);
  assert(sizeof(size_t) == 4 && sizeof(uintptr_t) == 4);
  assert(LONG_MAX == 2147483647L);
  printf("sizes long=%zu ptr=%zu size_t=%zu pthread_t=%zu time_t=%zu long long=%zu\n",
         sizeof(long), sizeof(void *), sizeof(size_t), sizeof(pthread_t),
         sizeof(time_t), sizeof(long long));
  printf("offsets x=%zu d=%zu p=%zu size=%zu align=%zu\n", offsetof(struct s, x),
         offsetof(struct s, d), offsetof(struct s, p), sizeof(struct s),
         _Alignof(struct s));
  long m = -1;
  unsigned long um = (unsigned long)m;
  printf("printf %ld %lu %zu %ld %lld\n", m, um, sizeof(struct s), LONG_MIN,
         LLONG_MAX);

  // Round trips through integers.
  int local = 5;
  uintptr_t u = (uintptr_t)&local;
  unsigned int ui = (unsigned int)u;
  int *back = (int *)ui;
  assert(back == &local && *back == 5);
  int *g = (int *)(uintptr_t)(unsigned int)(uintptr_t)&global;
  assert(*g == 7);
  // Pointer arithmetic through integers, and comparisons.
  int arr[4] = {1, 2, 3, 4};
  uintptr_t a1 = (uintptr_t)&arr[1];
  assert((int *)(a1 + sizeof(int)) == &arr[2]);
  assert(&arr[3] > &arr[0] && &arr[3] - &arr[0] == 3);
  assert((unsigned long)&arr[0] + 12 == (unsigned long)&arr[3]);

  // A struct holding pointers, copied with memcpy and by assignment.
  struct s a = {1, 1LL << 40, 2.5, &global};
  struct s b;
  memcpy(&b, &a, sizeof a);
  struct s c = b;
  assert(c.x == 1LL << 40 && c.d == 2.5 && *(int *)c.p == 7);
  char buf[64];
  snprintf(buf, sizeof buf, "%p", c.p);
  void *q = 0;
  printf("pointer ok %d %p\n", sscanf(buf, "%p", &q) == 1 && q == &global, (void *)0);
  return 0;
}
