// expect: bug assertion
// args: --data-model ILP32
// expect-message: ul + 1 != 0
// A bug only ILP32 has: unsigned long is 32 bits, so 0xffffffff + 1 wraps
// to 0 (under LP64 the assertion holds). The count comes from a thread.
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
