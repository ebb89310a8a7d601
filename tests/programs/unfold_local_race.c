// args: --por unfold --keep-going
// expect: bug data-race executions=1
// Under --por unfold plain accesses are local steps, not scheduling points,
// so the racing write and read of x are not interleaved against each other
// (one execution, where Optimal-DPOR explores two), and their data race is
// found from the happens-before of the synchronisation alone.
#include <pthread.h>

int x;

void *writer(void *arg) {
  (void)arg;
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int r = x;
  pthread_join(t, 0);
  return r;
}
