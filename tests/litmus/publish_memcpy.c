// init_then_publish.c with the pointer published by memcpy: the private
// node's field waits in the store buffer under PSO, and the memcpy that
// copies the node's address into g publishes the node, so the field's store
// may reach memory after the pointer: a bug under PSO only. TSO keeps the
// stores in order.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct node {
  int x;
};
struct node *g;
volatile unsigned long n = sizeof(struct node *);

void *writer(void *arg) {
  struct node *p = calloc(1, sizeof *p);
  p->x = 1;
  memcpy(&g, &p, n);
  return 0;
}

void *reader(void *arg) {
  struct node *p = g;
  if (p)
    assert(p->x == 1);
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
