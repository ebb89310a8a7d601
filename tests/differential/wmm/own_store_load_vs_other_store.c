// A load returning its own buffered store, against another thread's
// store to the same location (the example of Abdulla et al., Fig. 5):
// three Shasha-Snir traces. Optimal-DPOR once explored four (the load
// was dependent on every update of another thread), then, with the
// own-store rule but stale sleep-set classification, missed the one
// where the load reads the other thread's store.
#include <pthread.h>
#include <stdio.h>
int x;
void *t0(void *arg) {
  __atomic_store_n(&x, 1, __ATOMIC_RELAXED);
  int r = __atomic_load_n(&x, __ATOMIC_RELAXED);
  printf("r=%d\n", r);
  return 0;
}
void *t1(void *arg) {
  __atomic_store_n(&x, 2, __ATOMIC_RELAXED);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("x=%d\n", x);
  return 0;
}
