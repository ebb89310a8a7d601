// The race between `g0 = 1` and thread t1's atomic load exists in both
// linearisations of the trace {store, t0 load, t1 load} (two atomic loads
// commute), but the race detector let t0's atomic load synchronise with
// t1's, so a DPOR that ran t0's load first missed it.
#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 1;
  int r0 = __atomic_load_n(&g0, __ATOMIC_SEQ_CST);
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
