// SB+mfences: x = 1; _mm_mfence(); r1 = y || y = 1; _mm_mfence(); r2 = x.
// Weak: r1 == 0 && r2 == 0. mfence drains the thread's buffer before the load,
// so both stores are ordered before the loads: forbidden under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <emmintrin.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  _mm_mfence();
  return (void *)(long)y;
}

void *t2(void *arg) {
  y = 1;
  _mm_mfence();
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
