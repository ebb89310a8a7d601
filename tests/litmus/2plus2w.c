// 2+2W: x = 1; y = 2 || y = 1; x = 2. Weak: finally x == 1 && y == 1.
// That needs x = 2 before x = 1 and y = 2 before y = 1 in memory: a cycle with
// each thread's program order. TSO drains each thread's buffer in program
// order, so it is forbidden. PSO: x = 1 and y = 2 drain from separate buffers in
// either order (e.g. y = 2, y = 1, x = 2, x = 1): allowed.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  y = 2;
  return 0;
}

void *t2(void *arg) {
  y = 1;
  x = 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(x == 1 && y == 1));
  return 0;
}
