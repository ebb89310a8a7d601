// SB with forwarding (Intel SDM 8.2.3.5): x = 1; r1 = x; r2 = y || y = 1; r3 = y; r4 = x.
// Weak: r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0. TSO: both stores wait in the
// buffers; each thread reads its own store by forwarding and the other
// location's 0 from memory. PSO: the same. SC: some store precedes both loads.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  x = 1;
  int r1 = x;
  int r2 = y;
  return (void *)(long)(r1 << 4 | r2);
}

void *t2(void *arg) {
  y = 1;
  int r3 = y;
  int r4 = x;
  return (void *)(long)(r3 << 4 | r4);
}

int main(void) {
  pthread_t a, b;
  void *v1, *v2;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &v1);
  pthread_join(b, &v2);
  /* r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0 */
  assert(!((long)v1 == 0x10 && (long)v2 == 0x10));
  return 0;
}
