// Message passing under PSO: `sfence` between the data and flag stores is
// a store-store barrier (and, like a release fence, publishes `data`;
// `lfence` after reading the flag acquires it), so the reader sees data.
// expect: safe
// args: --mm pso
#include <assert.h>
#include <pthread.h>

int data, flag;

void *writer(void *arg) {
  data = 42;
#ifndef NOFENCE
  asm volatile("sfence" ::: "memory");
#endif
  __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
  return 0;
}

void *reader(void *arg) {
  while (!__atomic_load_n(&flag, __ATOMIC_RELAXED))
    asm volatile("pause");
  asm volatile("lfence" ::: "memory");
  assert(data == 42);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
