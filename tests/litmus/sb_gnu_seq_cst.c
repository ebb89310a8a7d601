// SB with GCC builtins: __atomic_store_n(&x, 1, SEQ_CST); r1 = __atomic_load_n(&y, SEQ_CST).
// Weak: r1 == 0 && r2 == 0. seq_cst stores are full barriers (xchg on x86),
// so each store is in memory before its thread's load. Forbidden everywhere.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  __atomic_store_n(&x, 1, __ATOMIC_SEQ_CST);
  return (void *)(long)__atomic_load_n(&y, __ATOMIC_SEQ_CST);
}

void *t2(void *arg) {
  __atomic_store_n(&y, 1, __ATOMIC_SEQ_CST);
  return (void *)(long)__atomic_load_n(&x, __ATOMIC_SEQ_CST);
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
