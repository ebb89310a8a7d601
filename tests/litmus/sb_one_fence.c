// SB with only thread 1 fenced: x = 1; mfence; r1 = y || y = 1; r2 = x.
// Weak: r1 == 0 && r2 == 0. Thread 2's y = 1 can still wait in its buffer while
// it loads x == 0 and thread 1 (x = 1 drained by the fence) loads y == 0.
// Allowed under TSO and PSO: one fence is not enough.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  atomic_thread_fence(memory_order_seq_cst);
  return (void *)(long)y;
}

void *t2(void *arg) {
  y = 1;
  return (void *)(long)x;
}

int main(void) {
  pthread_t a, b;
  void *r1, *r2;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &r1);
  pthread_join(b, &r2);
  assert(!(r1 == 0 && r2 == 0));
  return 0;
}
