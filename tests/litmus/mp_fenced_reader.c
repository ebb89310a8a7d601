// MP with only the reader fenced: x = 1; y = 1 || r1 = y; fence(seq_cst); r2 = x.
// Weak: r1 == 1 && r2 == 0. The reader has nothing buffered, so its fence has
// no effect, and its loads are in order anyway. TSO drains the writer's stores
// in program order: forbidden. PSO: y = 1 drains before x = 1: still allowed.
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
  atomic_thread_fence(memory_order_seq_cst);
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
