// Plain data published through a seq_cst atomic flag: the writer stores two
// data words plainly, then sets the flag with atomic_store (a full barrier, so
// both words have drained, in any order under PSO); the reader reads the data
// only after seeing the flag. Race-free and robust: TSO and PSO add no
// behaviours and no Mazurkiewicz traces.
// robust
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int d1, d2;
atomic_int flag;

void *writer(void *arg) {
  d1 = 1;
  d2 = 2;
  atomic_store(&flag, 1);
  return 0;
}

void *reader(void *arg) {
  int bad = 0;
  if (atomic_load(&flag))
    bad = d1 != 1 || d2 != 2;
  return (void *)(long)bad;
}

int main(void) {
  pthread_t a, b;
  void *bad;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, &bad);
  assert(!bad);
  return 0;
}
