// IRIW: x = 1 || y = 1 || r1 = x; r2 = y || r3 = y; r4 = x (main is the first reader,
// so that the naive search stays within reach).
// Weak: r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0 (readers disagree on the order).
// Readers never store to x or y, so they only see memory; a buffered store
// reaches memory for all other threads at once (multi-copy atomic), and the
// loads of each reader stay in order. Forbidden under SC, TSO and PSO.
// none-max-executions: 1000000
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

int x, y;

void *w1(void *arg) {
  x = 1;
  return 0;
}

void *w2(void *arg) {
  y = 1;
  return 0;
}

void *rd2(void *arg) {
  int r3 = y;
  int r4 = x;
  return (void *)(long)(r3 << 4 | r4);
}

int main(void) {
  pthread_t a, b, d;
  void *v;
  pthread_create(&a, 0, w1, 0);
  pthread_create(&b, 0, w2, 0);
  pthread_create(&d, 0, rd2, 0);
  int r1 = x;
  int r2 = y;
  pthread_join(d, &v);
  pthread_join(a, 0);
  pthread_join(b, 0);
  long r3 = (long)v >> 4, r4 = (long)v & 15;
  assert(!(r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0));
  return 0;
}
