// expect: bug assertion
// A failed assume ends the execution right after t1's second fetch_add.
// The only executions that reach the assertion run t1's first fetch_add
// first and t2's before t1's second. Optimal-DPOR once planned t2 behind
// a branch that had already ended the execution from the same state
// (t0's fetch_add, asleep there), took that branch for a leaf covering the
// plan, skipped it as asleep, and said SAFE.
#include <assert.h>
#include <pthread.h>
extern void __VERIFIER_assume(int);
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t0(void *a) {
  int r0 = __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  __VERIFIER_assume(r0 != 1);
  return 0;
}
void *t1(void *a) {
  int r0 = __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  int r1 = __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  __VERIFIER_assume(r1 != 1);
  assert(r0 != 0);
  return 0;
}
void *t2(void *a) {
  pthread_mutex_lock(&m);
  __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_create(&c, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return 0;
}
