// Publication of private heap objects: a node with a pointer to a
// second node, both initialised while private, published by one store.
// Under PSO the nested node's stores wait until the pointer that makes
// it reachable is flushed; the explorers must agree with the naive
// search, which branches on every flush.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
struct node *g;
void *writer(void *arg) {
  struct node *m = calloc(1, sizeof *m);
  m->v = 2;
  struct node *n = calloc(1, sizeof *n);
  n->v = 1;
  n->next = m;
  g = n;
  n->v = 3;
  return 0;
}
void *reader(void *arg) {
  struct node *p = g;
  int a = -1, b = -1;
  if (p) {
    a = p->v;
    struct node *q = p->next;
    if (q)
      b = q->v;
  }
  printf("a=%d b=%d\n", a, b);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, writer, 0);
  pthread_create(&th[1], 0, reader, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  return 0;
}
