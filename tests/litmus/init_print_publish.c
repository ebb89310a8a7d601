// init_then_publish.c with a printf between initialising the private node and
// publishing it. The call does not see the node, so under PSO the node's
// stores still wait in the store buffer and may reach memory after the
// pointer does, a bug under PSO only. (Only the objects a runtime call's
// arguments point to have their pending private stores written before it.)
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
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
  printf("initialised\n");
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
