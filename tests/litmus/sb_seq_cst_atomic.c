// SB with seq_cst C11 atomics: atomic_store(&x, 1); r1 = atomic_load(&y) || symmetric.
// Weak: r1 == 0 && r2 == 0. A seq_cst store is compiled to xchg on x86: a full
// barrier that reaches memory before the thread's next load. Forbidden under
// SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;

void *t1(void *arg) {
  atomic_store(&x, 1);
  return (void *)(long)atomic_load(&y);
}

void *t2(void *arg) {
  atomic_store(&y, 1);
  return (void *)(long)atomic_load(&x);
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
