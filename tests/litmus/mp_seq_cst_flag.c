// MP with a plain data store and a seq_cst flag store: x = 1; atomic_store(&y, 1)
// || r1 = atomic_load(&y); r2 = x. Weak: r1 == 1 && r2 == 0. The seq_cst store
// is a full barrier: x = 1 drains (also under PSO) before y = 1 is written,
// and the reader's loads stay in order. Forbidden under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int x;
atomic_int y;

void *writer(void *arg) {
  x = 1;
  atomic_store(&y, 1);
  return 0;
}

void *reader(void *arg) {
  int r1 = atomic_load(&y);
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
