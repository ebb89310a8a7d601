// expect: incomplete
// args: --data-model ILP32
// expect-limit: address-space
// The 32-bit address packing has room for the objects of 64 threads: the
// 65th thread that allocates (here, a local whose address is taken) ends
// the execution as incomplete instead of wrapping an address.
#include <pthread.h>

static void *worker(void *arg) {
  volatile int local = 1;
  return (void *)&local == arg ? arg : 0;
}

int main(void) {
  for (int i = 0; i < 70; i++) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
  }
  return 0;
}
