// Under SC already: a spin loop that reads two locations per iteration.
// Spin blocking needs two identical iterations, so a wakeup sequence
// built from an execution without a block could ask the spinning thread
// for a third iteration that repeats the second: Optimal-DPOR ended one
// of its 4 executions as `disabled-wakeup`. Now such a plan is dropped as
// redundant and later plans are simulated first.
#include <pthread.h>
#include <stdio.h>
int flag, turn;
void *t0(void *arg) {
  flag = 1;
  flag = 0;
  return 0;
}
void *t1(void *arg) {
  while (flag && turn == 0)
    ;
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("flag=%d\n", flag);
  return 0;
}
