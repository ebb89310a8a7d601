// R: x = 1; y = 1 || y = 2; r1 = x. Weak: r1 == 0 && finally y == 2.
// SC forbids it (x=1 < y=1 < y=2 < load x < x=1). TSO: thread 2 buffers y = 2,
// loads x == 0 from memory, then thread 1 drains x = 1, y = 1 and only then
// y = 2 drains: allowed. PSO: the same schedule: allowed.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  y = 1;
  return 0;
}

void *t2(void *arg) {
  y = 2;
  return (void *)(long)x;
}

int main(void) {
  pthread_t a, b;
  void *r1;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, &r1);
  assert(!((long)r1 == 0 && y == 2));
  return 0;
}
