// Forwarding takes the newest buffered store, and a location's stores drain
// in program order. x = 1; x = 2; r1 = x || r2 = x; r3 = x. Asserts r1 == 2 and not
// (r2 == 2 && r3 == 1). TSO: one FIFO; PSO: one FIFO per location, so x = 1
// always reaches memory before x = 2. Safe under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

int x;

void *t1(void *arg) {
  x = 1;
  x = 2;
  return (void *)(long)x;
}

void *t2(void *arg) {
  int r2 = x;
  int r3 = x;
  return (void *)(long)(r2 << 4 | r3);
}

int main(void) {
  pthread_t a, b;
  void *r1, *v;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &r1);
  pthread_join(b, &v);
  long r2 = (long)v >> 4, r3 = (long)v & 15;
  assert((long)r1 == 2);
  assert(!(r2 == 2 && r3 == 1));
  return 0;
}
