// A plain store goes into the store buffer; a plain load of another
// thread races with it. The race detector checks the buffered store when
// it is issued, so the race is reported at the store (`g0 = 3`) only in
// executions where the load comes before the issue, and at the load
// (`r0 = g0`) otherwise. Issue and load are independent for DPOR (only the
// flush conflicts with the load), so source and optimal explore only
// the issue-first order and miss the report at the store, which the naive
// search finds. Same with an atomic load, a CAS or a second store.
#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 3;
  return 0;
}
void *t1(void *arg) {
  int r0 = g0;
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
