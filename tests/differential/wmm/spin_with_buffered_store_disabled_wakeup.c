// Spin loops with buffered stores: source and optimal each ended one
// execution as `disabled-wakeup` (the internal consistency check that
// should stay at zero) under TSO and PSO, none under SC. (The naive
// search under TSO needs about 345,000 executions.)
#include <pthread.h>
#include <stdio.h>
int f0, f1;
void *t0(void *arg) {
  f0 = 1;
  while (f1)
    ;
  f0 = 0;
  return 0;
}
void *t1(void *arg) {
  for (;;) {
    f1 = 0;
    while (f0)
      ;
    if (!f0)
      break;
  }
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("f0=%d f1=%d\n", f0, f1);
  return 0;
}
