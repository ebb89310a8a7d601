// MP with a spin-wait: data = 42; flag = 1 || while (!flag) ; r = data. Weak: r != 42.
// The reader only leaves the loop once flag = 1 is in memory. TSO: the
// writer's FIFO buffer drains data = 42 first, so the reader sees 42. PSO:
// flag = 1 can drain before data = 42: the reader can read 0.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>

int data, flag;

void *writer(void *arg) {
  data = 42;
  flag = 1;
  return 0;
}

void *reader(void *arg) {
  while (!flag)
    ;
  return (void *)(long)data;
}

int main(void) {
  pthread_t a, b;
  void *r;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, &r);
  assert((long)r == 42);
  return 0;
}
