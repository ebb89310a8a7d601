// SB where each thread's "fence" is a compare-exchange (failing in thread 2):
// x = 1; CAS(&z, 0, 1); r1 = y || y = 1; CAS(&w, 5, 6) (fails); r2 = x.
// A compare-exchange is a locked instruction on x86 even when it fails, hence
// a full barrier, so both stores precede both loads. Forbidden everywhere.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int x, y;
atomic_int z, w;

void *t1(void *arg) {
  int e = 0;
  x = 1;
  atomic_compare_exchange_strong(&z, &e, 1);
  return (void *)(long)y;
}

void *t2(void *arg) {
  int e = 5;
  y = 1;
  atomic_compare_exchange_strong(&w, &e, 6);
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
