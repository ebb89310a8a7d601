// S: x = 2; y = 1 || r1 = y; x = 1. Weak: r1 == 1 && finally x == 2.
// TSO: y = 1 drains after x = 2 (FIFO), so when thread 2 reads y == 1, x == 2 is
// already in memory and its own x = 1 lands later: forbidden. PSO: y = 1 drains
// first, thread 2 reads it, x = 1 drains, then x = 2 drains last: allowed.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 2;
  y = 1;
  return 0;
}

void *t2(void *arg) {
  int r1 = y;
  x = 1;
  return (void *)(long)r1;
}

int main(void) {
  pthread_t a, b;
  void *r1;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, &r1);
  assert(!((long)r1 == 1 && x == 2));
  return 0;
}
