// SB (store buffering): x = 1; r1 = y || y = 1; r2 = x. Weak: r1 == 0 && r2 == 0.
// TSO: each store waits in its own thread's buffer while the later load of
// the other location reads 0 from memory, so both loads miss both stores.
// PSO: the same (one buffer per location changes nothing here).
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  return (void *)(long)y;
}

void *t2(void *arg) {
  y = 1;
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
