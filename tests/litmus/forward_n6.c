// n6 (x86-TSO paper): x = 1; r1 = x; r2 = y || y = 2; x = 2.
// Weak: r1 == 1 && r2 == 0 && finally x == 1. SC forbids it. TSO: x = 1 waits in
// thread 1's buffer, r1 reads it by forwarding, r2 reads y == 0 from memory,
// thread 2 drains y = 2 and x = 2, then x = 1 drains last. Without forwarding
// r1 == 1 would need x = 1 in memory before r2, hence x = 2 and y = 2 too. PSO: same.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  int r1 = x;
  int r2 = y;
  return (void *)(long)(r1 << 4 | r2);
}

void *t2(void *arg) {
  y = 2;
  x = 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
  void *v;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &v);
  pthread_join(b, 0);
  long r1 = (long)v >> 4, r2 = (long)v & 15;
  assert(!(r1 == 1 && r2 == 0 && x == 1));
  return 0;
}
