// A lost update: two threads increment an unprotected counter.
// `weft check examples/lost_update.c` finds the interleaving where
// both read 0 before either writes, so the assertion fails.
#include <pthread.h>
#include <assert.h>
#include <stdio.h>
int counter = 0;
void *worker(void *arg) {
  int tmp = counter;
  counter = tmp + 1;
  return NULL;
}
int main() {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("counter = %d\n", counter);
  assert(counter == 2);
  return 0;
}
