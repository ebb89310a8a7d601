// A thread always reads its own store: x = 1; r1 = x; r2 = y || y = 1; r3 = x.
// Asserts r1 == 1 (nobody else writes x). Under TSO/PSO x = 1 may still be in
// thread 1's buffer (thread 2 may read r3 == 0 at the same time), so r1 == 1
// holds only thanks to forwarding from the buffer. Safe under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
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
  y = 1;
  return (void *)(long)x;
}

int main(void) {
  pthread_t a, b;
  void *v1, *r3;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &v1);
  pthread_join(b, &r3);
  assert((long)v1 >> 4 == 1);
  return 0;
}
