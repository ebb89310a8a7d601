// MP with an acquire fence in the reader only: x = 1; y = 1 || r1 = y; fence(acquire); r2 = x.
// Weak: r1 == 1 && r2 == 0. Acquire fences do nothing here (loads are never
// reordered anyway). TSO: the writer drains in order: forbidden. PSO: y = 1
// can drain before x = 1: allowed.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int x, y;

void *writer(void *arg) {
  x = 1;
  y = 1;
  return 0;
}

void *reader(void *arg) {
  int r1 = y;
  atomic_thread_fence(memory_order_acquire);
  int r2 = x;
  return (void *)(long)(r1 << 4 | r2);
}

int main(void) {
  pthread_t a, b;
  void *v;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, &v);
  long r1 = (long)v >> 4, r2 = (long)v & 15;
  assert(!(r1 == 1 && r2 == 0));
  return 0;
}
