// expect: bug data-race
// args: -j 1
// t1 reads g plainly and assumes it is not 0; t0 increments g atomically and
// assumes it was not 0. Every execution fails an assumption, but t1's read
// of 0 and t0's increment race before either check: t1 reads, then t0
// increments, and only then does t1's assumption fail. The naive and DPOR
// explorers once ran each assumption together with the access before it,
// ended the execution there, and said SAFE; `--por unfold` reported the race.
#include <pthread.h>

extern void __VERIFIER_assume(int);

int g;

void *t0(void *arg) {
  (void)arg;
  int old = __atomic_fetch_add(&g, 1, __ATOMIC_SEQ_CST);
  __VERIFIER_assume(old != 0);
  return 0;
}

void *t1(void *arg) {
  (void)arg;
  int r = g;
  __VERIFIER_assume(r != 0);
  return 0;
}

int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  return 0;
}
