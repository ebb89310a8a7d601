// SB with a clock reading (time) between each store and load: the C library
// reads the clock without a fence, so the stores may still wait in their
// buffers and both loads miss them under TSO and PSO.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

#include <time.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  (void)time(0);
  return (void *)(long)y;
}

void *t2(void *arg) {
  y = 1;
  (void)time(0);
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
