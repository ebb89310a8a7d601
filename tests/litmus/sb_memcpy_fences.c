// sb_memcpy.c with a seq_cst fence between each thread's copies (and an
// mfence in one thread): a fence drains the thread's store buffer, memcpy's
// stores included, before the next copy reads: safe under every model.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <emmintrin.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

int x, y, r1, r2;
volatile unsigned long n = sizeof(int);

void *t1(void *arg) {
  int one = 1;
  memcpy(&x, &one, n);
  atomic_thread_fence(memory_order_seq_cst);
  memcpy(&r1, &y, n);
  return 0;
}

void *t2(void *arg) {
  int one = 1;
  memset(&y, 1, 1);
  _mm_mfence();
  memcpy(&r2, &x, n);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r1 == 0 && r2 == 0));
  return 0;
}
