// SB with struct assignments, which clang compiles to llvm.memcpy (a memcpy
// call): x = one; r1 = y || y = one; r2 = x. The copies are ordinary loads
// and stores, so under TSO and PSO both may read memory while the other
// thread's copy still waits in its store buffer.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

struct pair {
  int a, b;
};
struct pair x, y, r1, r2;

void *t1(void *arg) {
  struct pair one = {1, 1};
  x = one;
  r1 = y;
  return 0;
}

void *t2(void *arg) {
  struct pair one = {1, 1};
  y = one;
  r2 = x;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r1.a == 0 && r2.a == 0));
  return 0;
}
