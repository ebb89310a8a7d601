// Initialise, then publish (the MP idiom through a pointer): the writer
// initialises a fresh zeroed heap node while it is still private, then stores its
// address into g. SC and TSO keep the two stores in order, so a reader that
// sees the node sees its field. PSO may let the pointer reach memory before
// the field: the store to the private node waits in the store buffer and is
// released when the pointer store publishes the node.
// sc: safe
// tso: safe
// pso: bug assertion
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
