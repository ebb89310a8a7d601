// args: --por unfold --max-executions 50 --max-steps 20000
// expect: incomplete
// expect-limit: max-steps
// A counter that grows forever: every state is new, so no event is a
// cutoff and the unfolding is infinite. Each execution runs into
// --max-steps (and the search would stop at --max-executions): it ends
// incomplete, never safe.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
unsigned long counter = 0;

void *tick(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, tick, 0);
  pthread_create(&y, 0, tick, 0);
  pthread_join(x, 0);
  return 0;
}
