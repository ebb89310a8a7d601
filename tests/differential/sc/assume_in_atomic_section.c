// An assume fails inside t0's atomic section unless t1's store came
// first; only then is the assertion reached. DPOR once planned t1's store
// just before the load inside the section, where it cannot run, and said
// SAFE (the reversal must move it before the whole section).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
extern void __VERIFIER_assume(int);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x;
void *t0(void *arg) {
  __VERIFIER_atomic_begin();
  int r = x;
  __VERIFIER_assume(r == 1);
  __VERIFIER_atomic_end();
  assert(r != 1);
  return 0;
}
void *t1(void *arg) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("x=%d\n", x);
  return 0;
}
