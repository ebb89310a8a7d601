// Publication before initialisation: the writer stores the pointer to a fresh
// zeroed heap node into g, then initialises the node. A reader can see the node before
// its field is written under every model (under SC it reads between the two
// stores). Under TSO/PSO the pointer store escapes the node when it enters the
// store buffer, so the initialising store is a buffered store of its own and
// the reordering is explored, not hidden by the node being private.
// sc: bug assertion
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct node {
  int x;
};
struct node *g;

void *writer(void *arg) {
  struct node *n = calloc(1, sizeof *n);
  g = n;
  n->x = 1;
  return 0;
}

void *reader(void *arg) {
  struct node *n = g;
  if (n)
    assert(n->x == 1);
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
