// A compare-and-swap in inline assembly (`lock; cmpxchgl`, old value in
// %eax) whose failure is ignored: when the other thread's CAS lands in
// between, this one fails and an increment is lost. weft must model the
// CAS's real semantics (fail when memory changed) to find it.
// expect: bug assertion
#include <assert.h>
#include <pthread.h>

static inline int cas(volatile int *p, int old, int new) {
  int prev;
  asm volatile("lock; cmpxchgl %2, %1"
               : "=a"(prev), "+m"(*p)
               : "r"(new), "0"(old)
               : "memory");
  return prev;
}

int counter;

void *worker(void *arg) {
  int seen = __atomic_load_n(&counter, __ATOMIC_SEQ_CST);
  cas(&counter, seen, seen + 1); /* bug: no retry on failure */
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
