// SB where each thread locks and unlocks its own private mutex between its
// store and its load. Every pthread call is a full barrier, so the store is
// in memory before the load; the mutexes themselves order nothing (they are
// distinct). Forbidden under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

int x, y;
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;

void *t1(void *arg) {
  x = 1;
  pthread_mutex_lock(&m1);
  pthread_mutex_unlock(&m1);
  return (void *)(long)y;
}

void *t2(void *arg) {
  y = 1;
  pthread_mutex_lock(&m2);
  pthread_mutex_unlock(&m2);
  return (void *)(long)x;
}

int main(void) {
  pthread_t a, b;
  void *r1, *r2;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &r1);
  pthread_join(b, &r2);
  assert(!(r1 == 0 && r2 == 0));
  return 0;
}
