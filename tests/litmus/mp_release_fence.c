// MP with a release fence between the writer's stores:
// x = 1; atomic_thread_fence(release); y = 1 || r1 = y; r2 = x. Weak: r1 == 1 && r2 == 0.
// TSO: stores already drain in order. PSO: the release fence is a store-store
// barrier (it drains the buffer), so x = 1 is in memory before y = 1 is even
// buffered; the reader's loads stay in order. Forbidden under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int x, y;

void *writer(void *arg) {
  x = 1;
  atomic_thread_fence(memory_order_release);
  y = 1;
  return 0;
}

void *reader(void *arg) {
  int r1 = y;
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
