// SB with relaxed atomics: atomic_store_explicit(&x, 1, relaxed); r1 = load(&y, relaxed).
// Weak: r1 == 0 && r2 == 0. A relaxed store is a plain mov on x86: it goes
// into the store buffer and the later load can read memory first. Allowed
// under TSO and PSO; forbidden under SC (weft treats atomics as SC there).
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;

void *t1(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return (void *)(long)atomic_load_explicit(&y, memory_order_relaxed);
}

void *t2(void *arg) {
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  return (void *)(long)atomic_load_explicit(&x, memory_order_relaxed);
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
