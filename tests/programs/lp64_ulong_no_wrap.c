// expect: safe executions=1
// The LP64 twin of ilp32_ulong_wrap.c: unsigned long is 64 bits, so
// 0xffffffff + 1 does not wrap.
#include <assert.h>
#include <pthread.h>

unsigned long shared;

static void *producer(void *arg) {
  (void)arg;
  shared = 0xffffffffUL;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  pthread_join(t, 0);
  unsigned long ul = shared;
  assert(ul + 1 != 0);
  return 0;
}
