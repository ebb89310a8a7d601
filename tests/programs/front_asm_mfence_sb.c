// Store buffering under TSO with `mfence` between each thread's store and
// its load: the fence drains the store buffer, so the loads cannot both
// read 0.
// expect: safe
// args: --mm tso
#include <assert.h>
#include <pthread.h>

int x, y, r1, r2;

void *t1(void *arg) {
  __atomic_store_n(&x, 1, __ATOMIC_RELAXED);
  asm volatile("mfence" ::: "memory");
  r1 = __atomic_load_n(&y, __ATOMIC_RELAXED);
  return 0;
}

void *t2(void *arg) {
  __atomic_store_n(&y, 1, __ATOMIC_RELAXED);
  asm volatile("mfence" ::: "memory");
  r2 = __atomic_load_n(&x, __ATOMIC_RELAXED);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(r1 == 1 || r2 == 1);
  return 0;
}
