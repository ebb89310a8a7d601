// The same CAS increment with a retry loop (and `rep; nop` while waiting)
// loses nothing.
// expect: safe
// expect-output: counter=3
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

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
  for (;;) {
    int seen = __atomic_load_n(&counter, __ATOMIC_SEQ_CST);
    if (cas(&counter, seen, seen + 1) == seen)
      break;
    asm volatile("rep; nop" ::: "memory");
  }
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  assert(counter == 3);
  printf("counter=%d\n", counter);
  return 0;
}
