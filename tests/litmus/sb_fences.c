// SB+fences: x = 1; atomic_thread_fence(seq_cst); r1 = y || y = 1; __sync_synchronize(); r2 = x.
// Weak: r1 == 0 && r2 == 0. Each full fence waits until its thread's buffer
// is empty, so each store is in memory before that thread's load: one of the
// loads sees the other's store. Forbidden under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
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
  __sync_synchronize();
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
