// SB where each thread's "fence" is a locked RMW on a private variable:
// x = 1; atomic_fetch_add(&z1, 1); r1 = y || y = 1; __atomic_exchange_n(&z2, 1); r2 = x.
// Every RMW is a full barrier (x86 lock prefix): the buffer is empty before
// it, so each store is in memory before its thread's load. Forbidden everywhere.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int x, y;
atomic_int z1;
int z2;

void *t1(void *arg) {
  x = 1;
  atomic_fetch_add(&z1, 1);
  return (void *)(long)y;
}

void *t2(void *arg) {
  y = 1;
  __atomic_exchange_n(&z2, 1, __ATOMIC_SEQ_CST);
  return (void *)(long)x;
}

int main(void) {
  pthread_t a, b;
  void *r1, *r2;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &r1);
  pthread_join(b, &r2);
  assert(!(r1 == 0 && r2 == 0));
  return 0;
}
