// Message passing entirely under a mutex: the writer sets data and ready in one
// critical section, the reader copies them in another. Race-free, so the
// unlock drains the writer's buffer before the reader can look: TSO and PSO
// add no behaviours and no Mazurkiewicz traces.
// robust
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int data, ready;
int seen, got;

void *writer(void *arg) {
  pthread_mutex_lock(&m);
  data = 42;
  ready = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *reader(void *arg) {
  pthread_mutex_lock(&m);
  seen = ready;
  got = data;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(seen == 1 && got != 42));
  assert(seen == 1 || got == 0);
  return 0;
}
