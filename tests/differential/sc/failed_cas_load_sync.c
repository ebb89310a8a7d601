// The same with a failed compare-exchange, which only reads.
#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 1;
  int e = 2;
  __atomic_compare_exchange_n(&g0, &e, 3, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return 0;
}
void *t1(void *arg) {
  int r1 = __atomic_load_n(&g0, __ATOMIC_SEQ_CST);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d\n", g0);
  return 0;
}
