// Three threads increment a counter under one mutex. Race-free: every shared
// access is inside the critical section and the buffer drains at each pthread
// call, so TSO and PSO add no behaviours and no Mazurkiewicz traces.
// robust
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *inc(void *arg) {
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, inc, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  assert(counter == 3);
  return 0;
}
