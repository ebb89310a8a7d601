// Locked read-modify-writes in their GCC inline-assembly spellings are
// seq_cst atomics: a spinlock taken with `lock; cmpxchgl`/`sete` and
// released with `xchgl` protects a plain counter (no race), `lock; xaddl`
// returns the old value, `lock; incl/decl/addl` update in place.
// expect: safe
// expect-output: counter=2 hits=2 ticket=2 refs=7 last=1
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static inline int try_lock(volatile int *l) {
  int old = 0;
  unsigned char ok;
  asm volatile("lock cmpxchgl %3, %1\n\tsete %0"
               : "=q"(ok), "+m"(*l), "+a"(old)
               : "r"(1)
               : "memory", "cc");
  return ok;
}
static inline void unlock(volatile int *l) {
  int zero = 0;
  asm volatile("xchgl %0, %1" : "+r"(zero), "+m"(*l) : : "memory");
}
static inline int xadd(volatile int *p, int v) {
  asm volatile("lock; xaddl %0, %1" : "+r"(v), "+m"(*p) : : "memory");
  return v;
}
static inline int dec_and_test(volatile int *p) {
  unsigned char z;
  asm volatile("lock; decl %0; sete %1" : "+m"(*p), "=qm"(z) : : "memory");
  return z;
}

int lock, counter, ticket, hits, refs = 3, last;

void *worker(void *arg) {
  while (!try_lock(&lock))
    asm volatile("pause");
  counter++;
  unlock(&lock);
  xadd(&ticket, 1);
  asm volatile("lock; incl %0" : "+m"(hits) : : "memory");
  asm volatile("lock; addl $2, %0" : "+m"(refs) : : "memory");
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2 && ticket == 2 && hits == 2);
  int one = 1, two = 2;
  last = dec_and_test(&one) + 2 * dec_and_test(&two);
  printf("counter=%d hits=%d ticket=%d refs=%d last=%d\n", counter, hits, ticket,
         refs, last);
  return 0;
}
