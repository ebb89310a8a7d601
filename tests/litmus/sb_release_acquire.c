// SB with release stores and acquire loads (GCC builtins). Weak: r1 == 0 && r2 == 0.
// Release stores are plain movs on x86: they wait in the buffer while the
// acquire load reads memory. Allowed under TSO and PSO, forbidden under SC.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int x, y;

void *t1(void *arg) {
  __atomic_store_n(&x, 1, __ATOMIC_RELEASE);
  return (void *)(long)__atomic_load_n(&y, __ATOMIC_ACQUIRE);
}

void *t2(void *arg) {
  __atomic_store_n(&y, 1, __ATOMIC_RELEASE);
  return (void *)(long)__atomic_load_n(&x, __ATOMIC_ACQUIRE);
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
