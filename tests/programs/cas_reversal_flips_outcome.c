// expect: bug assertion
// args: -j 1
// t1's compare-and-swap of 1 to 2 succeeds only after t0's increment, and
// t2's fails before it. The failing assertion needs t2's swap and load to
// read 0 and then t1's swap to succeed. Optimal-DPOR once said SAFE here
// (7 executions of 8): the reversal that runs t2's swap first was planned
// with the event it ran in the execution it came from, a write there (it
// succeeded after the increment) but a read here, so it became a branch of
// its own beside t1's failed swap, which it commutes with. That branch then
// took t1's swap for a sleeper and dropped the plan that runs t2's load
// before the increment.
#include <assert.h>
#include <pthread.h>

int x;
int ok1;
int seen;

void *t0(void *arg) {
  (void)arg;
  __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  return 0;
}

void *t1(void *arg) {
  (void)arg;
  int e = 1;
  ok1 = __atomic_compare_exchange_n(&x, &e, 2, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return 0;
}

void *t2(void *arg) {
  (void)arg;
  int e = 1;
  __atomic_compare_exchange_n(&x, &e, 2, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  seen = __atomic_load_n(&x, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t th[3];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_create(&th[2], 0, t2, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  pthread_join(th[2], 0);
  assert(!(ok1 && seen == 0));
  return 0;
}
