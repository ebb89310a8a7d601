// Publication by pthread_create: main stores x = 1; y = 2, then creates a thread
// that reads both. Every pthread call is a full barrier, so main's buffer (both
// per-location buffers under PSO) has drained before the child starts; the
// child must see both stores. Safe under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

int x, y;

void *child(void *arg) {
  int r1 = y;
  int r2 = x;
  return (void *)(long)(r1 << 4 | r2);
}

int main(void) {
  pthread_t a;
  void *v;
  x = 1;
  y = 2;
  pthread_create(&a, 0, child, 0);
  pthread_join(a, &v);
  assert((long)v == 0x21);
  return 0;
}
