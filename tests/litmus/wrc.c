// WRC: x = 1 || r1 = x; y = 1 || r2 = y; r3 = x. Weak: r1 == 1 && r2 == 1 && r3 == 0.
// Thread 2 does not store to x, so r1 == 1 means x = 1 is in memory; y = 1 is
// stored after that load, so it reaches memory later still, and thread 3's
// load of x after seeing y == 1 must see x == 1 (store atomicity). Forbidden
// under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  return 0;
}

void *t2(void *arg) {
  int r1 = x;
  y = 1;
  return (void *)(long)r1;
}

void *t3(void *arg) {
  int r2 = y;
  int r3 = x;
  return (void *)(long)(r2 << 4 | r3);
}

int main(void) {
  pthread_t a, b, c;
  void *v2, *v3;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_create(&c, 0, t3, 0);
  pthread_join(a, 0);
  pthread_join(b, &v2);
  pthread_join(c, &v3);
  long r1 = (long)v2, r2 = (long)v3 >> 4, r3 = (long)v3 & 15;
  assert(!(r1 == 1 && r2 == 1 && r3 == 0));
  return 0;
}
