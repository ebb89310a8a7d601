// args: --por unfold --unfold-k inf
// expect: safe executions=6
// Three threads append their ids to a log under a mutex: the 3! orders of
// the critical sections are the maximal configurations, and every state
// along them is new (the log differs), so no event is a cutoff. With
// complete alternatives the unfolding explores exactly one execution per
// configuration, Optimal-DPOR's 6.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int log_[3];
int n = 0;

void *append(void *arg) {
  pthread_mutex_lock(&m);
  log_[n++] = (int)(long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create(&t[i], 0, append, (void *)(i + 1));
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  assert(n == 3);
  return 0;
}
