// args: --por unfold
// expect: safe
// A test-and-set spinlock built on compare-exchange, taken forever by two
// threads around a critical section that checks mutual exclusion: the
// atomic accesses are the unfolding's events, the spin loops and the
// outer loops repeat states, and cutoffs end the search.
#include <assert.h>
#include <pthread.h>

int lock = 0;
int inside = 0;

void *worker(void *arg) {
  for (;;) {
    int expected = 0;
    while (!__atomic_compare_exchange_n(&lock, &expected, 1, 0, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED))
      expected = 0;
    inside++;
    assert(inside == 1);
    inside--;
    __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
  }
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, worker, 0);
  pthread_create(&y, 0, worker, 0);
  pthread_join(x, 0);
  return 0;
}
