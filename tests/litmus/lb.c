// LB (load buffering): r1 = x; y = 1 || r2 = y; x = 1. Weak: r1 == 1 && r2 == 1.
// Store buffers only delay stores: a load is performed before any later
// store of its thread is even buffered, so each load precedes the other
// thread's store reaching memory. Forbidden under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  int r1 = x;
  y = 1;
  return (void *)(long)r1;
}

void *t2(void *arg) {
  int r2 = y;
  x = 1;
  return (void *)(long)r2;
}

int main(void) {
  pthread_t a, b;
  void *r1, *r2;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &r1);
  pthread_join(b, &r2);
  assert(!((long)r1 == 1 && (long)r2 == 1));
  return 0;
}
