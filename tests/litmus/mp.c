// MP (message passing): x = 1; y = 1 || r1 = y; r2 = x. Weak: r1 == 1 && r2 == 0.
// TSO: the writer's single FIFO buffer drains x = 1 before y = 1, and the
// reader's loads are not reordered, so seeing y == 1 implies x == 1: forbidden.
// PSO: x and y sit in separate buffers; y = 1 can reach memory first: allowed.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *writer(void *arg) {
  x = 1;
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
