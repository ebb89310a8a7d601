// Fenced twin of init_then_publish.c: a release fence (a store-store barrier
// under PSO) between initialising the private node and publishing it keeps
// the field ahead of the pointer. Safe under every model.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct node {
  int x;
  int y;
};
struct node *g;

void *writer(void *arg) {
  struct node *n = calloc(1, sizeof *n);
  n->x = 1;
  n->y = 2;
  __atomic_thread_fence(__ATOMIC_RELEASE);
  g = n;
  return 0;
}

void *reader(void *arg) {
  struct node *n = g;
  if (n)
    assert(n->x + n->y == 3);
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
