// expect: safe executions=8
// args: -j 1
// The Mazurkiewicz traces of a compare-and-swap that fails (a read) in some
// orders and succeeds (a write) in others. t0 increments x; t1 and t2 swap
// 1 for 2; t2 then loads x. By hand: t0 first, then t1's or t2's swap
// succeeds (2 traces); t1 fails first, then t0, then t2 succeeds (1); t1 and
// t2 both fail first, t2's load before or after t0 (2); t2 fails first,
// then t0, and t2's load before t1's swap, between t0 and t1's swap, or
// before t0 (3). Optimal-DPOR once explored 7 (see
// cas_reversal_flips_outcome.c).
#include <pthread.h>

int x;

void *t0(void *arg) {
  (void)arg;
  __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  return 0;
}

void *t1(void *arg) {
  (void)arg;
  int e = 1;
  __atomic_compare_exchange_n(&x, &e, 2, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return 0;
}

void *t2(void *arg) {
  (void)arg;
  int e = 1;
  __atomic_compare_exchange_n(&x, &e, 2, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  (void)__atomic_load_n(&x, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t th[3];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_create(&th[2], 0, t2, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  pthread_join(th[2], 0);
  return 0;
}
