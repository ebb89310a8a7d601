// args: --por unfold --max-executions 200 --max-steps 20000
// expect: safe
// Two workers loop forever. Each round fills a scratch array on its own
// stack (in a helper whose local has its address taken) and a private heap
// buffer, then publishes the sum under a lock. Every round allocates, so
// the execution reaches equal states only if a freed or dead object's
// address is taken again: cutoffs then end the exploration.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int last = 0;

static void fill(int *a, int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}

static int scratch_sum(int v) {
  int local[4];
  fill(local, 4, v);
  return local[0] + local[3];
}

void *worker(void *arg) {
  int v = (int)(long)arg;
  for (;;) {
    int *buf = malloc(2 * sizeof(int));
    buf[0] = scratch_sum(v);
    buf[1] = v;
    pthread_mutex_lock(&m);
    last = buf[0] + buf[1];
    assert(last == 3 * v);
    pthread_mutex_unlock(&m);
    free(buf);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1L);
  pthread_create(&b, 0, worker, (void *)2L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
