// MP where both sides use memcpy and the reader spins on the flag:
// data = 42; memcpy(&flag, &one, n) || while (!v) memcpy(&v, &flag, n);
// assert(data == 42). PSO may let the flag's store reach memory before
// data's; TSO keeps them in order. The spin loop is recognised under every
// model.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <string.h>

int flag, data;
volatile unsigned long n = sizeof(int);

void *writer(void *arg) {
  int one = 1;
  data = 42;
  memcpy(&flag, &one, n);
  return 0;
}

void *reader(void *arg) {
  int v = 0;
  while (!v)
    memcpy(&v, &flag, n);
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
