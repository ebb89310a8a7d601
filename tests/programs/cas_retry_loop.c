// expect: safe executions=60
// expect-output: counter=3
// Three threads increment a counter with a compare-and-swap retry loop.
// A failed compare-and-swap only reads; the same step succeeds (and
// writes) once it runs right after its load. Split runs (-j) once took a
// planned step's event from the execution that planned it (a failed CAS,
// a read) as the sleeper of a branch where it succeeds, and lost 6 of
// these 60 executions (see cli.rs, jobs_and_shards_...).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int counter;

void *worker(void *arg) {
  (void)arg;
  for (;;) {
    int seen = __atomic_load_n(&counter, __ATOMIC_SEQ_CST);
    int expected = seen;
    if (__atomic_compare_exchange_n(&counter, &expected, seen + 1, 0,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      break;
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
