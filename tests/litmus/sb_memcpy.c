// SB with memcpy (a runtime size, so that clang keeps the call) for every
// store and load: memcpy is ordinary loads and stores, no fence, so under
// TSO and PSO both copies may read memory while the other thread's copy
// still waits in its store buffer.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <string.h>

int x, y, r1, r2;
volatile unsigned long n = sizeof(int);

void *t1(void *arg) {
  int one = 1;
  memcpy(&x, &one, n);
  memcpy(&r1, &y, n);
  return 0;
}

void *t2(void *arg) {
  int one = 1;
  memcpy(&y, &one, n);
  memcpy(&r2, &x, n);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r1 == 0 && r2 == 0));
  return 0;
}
