// Two threads add a vector into a shared vector without a lock: a lost
// update (lane-wise arithmetic on whole-vector loads and stores).
// expect: bug data-race assertion
#include <assert.h>
#include <pthread.h>

typedef int v4si __attribute__((vector_size(16)));
v4si acc;

void *worker(void *arg) {
  v4si one = {1, 1, 1, 1};
  acc = acc + one;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(acc[2] == 2);
  return 0;
}
