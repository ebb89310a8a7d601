// args: --por unfold
// expect: bug data-race
// From the random differential test (seed 0x99, case 201). Under
// --por unfold t1's plain store and load of g0 are local steps that run as
// soon as t1 is created, and its assumption then fails: if that failure
// ended the execution in the same step, t0's atomic load of g0 would never
// run after t1's store, and their data race would go unseen. An assumption
// that may fail after local steps is an event, so t0 runs first.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

extern void __VERIFIER_assume(int);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int g0;
int g1;

void *t0(void *arg) {
  (void)arg;
  __VERIFIER_atomic_begin();
  int r0 = __atomic_load_n(&g0, __ATOMIC_SEQ_CST);
  __VERIFIER_atomic_end();
  int r1 = g1;
  __VERIFIER_assume(r1 == 1);
  return 0;
}

static void __VERIFIER_atomic_t1_0(void) {
  int r1 = g0;
  __VERIFIER_assume(r1 == 2);
}

void *t1(void *arg) {
  (void)arg;
  g0 = 2;
  int r0 = g0;
  __VERIFIER_assume(r0 == 0);
  __VERIFIER_atomic_t1_0();
  __VERIFIER_atomic_begin();
  int r2 = __atomic_load_n(&g1, __ATOMIC_SEQ_CST);
  __VERIFIER_assume(r2 == 3);
  __VERIFIER_atomic_end();
  return 0;
}

int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d g1=%d\n", g0, g1);
  return 0;
}
