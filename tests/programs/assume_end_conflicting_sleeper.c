// expect: bug assertion
// args: -j 1
// t0's assume ends every execution in which t0 reads y before t1's
// increment. The assertion fails only when t2 writes x before t0 reads it
// and t2 reads y before the increment. Those executions are reached
// through the plan made when t0's assume fails (t2 goes on first), which
// commutes with the sleeper t1 (the increment, explored first) but not
// with t0's read of y that ended the execution. Optimal-DPOR once dropped
// that plan by the weak-initial test and said SAFE (at -j 1; a split run
// tests a part's sleepers as initials only, and found the bug).
#include <assert.h>
#include <pthread.h>
extern void __VERIFIER_assume(int);
_Atomic int x, y;
int a, d = -1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t0(void *arg) {
  a = x;
  int b = y;
  __VERIFIER_assume(b == 1);
  return 0;
}
void *t1(void *arg) {
  y += 1;
  return 0;
}
void *t2(void *arg) {
  int c = x;
  x = c + 1;
  pthread_mutex_lock(&m);
  d = y;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t h0, h1, h2;
  pthread_create(&h0, 0, t0, 0);
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  pthread_join(h0, 0);
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  assert(!(a == 1 && d == 0));
  return 0;
}
