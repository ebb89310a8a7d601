// A missed race (verdict safe, naive says bug). The race detector took
// the synchronisation of a buffered atomic store at its issue: when t0's
// relaxed store was issued before t1's fetch_add, the fetch_add
// synchronised with it although the store was still in the buffer and
// the fetch_add read 0, so t1's plain store counted as ordered after
// t0's store. Fixed: an atomic store synchronises at its update.
#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  __atomic_store_n(&g0, 1, __ATOMIC_RELAXED);
  return 0;
}
void *t1(void *arg) {
  int r0 = __atomic_fetch_add(&g0, 2, __ATOMIC_SEQ_CST);
  g0 = r0 + 1;
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
