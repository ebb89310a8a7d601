// Initialise with memset and memcpy, then publish: the writer fills a fresh
// (calloc) heap node with memset and memcpy while it is still private, then
// stores its address into g. Those calls are ordinary stores: SC and TSO keep
// them before the pointer store, PSO may let the pointer reach memory first
// (their stores wait in the buffer, hidden, until the pointer store publishes
// the node).
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct node {
  int x;
  int y;
};
struct node *g;
volatile unsigned long n = sizeof(int);

void *writer(void *arg) {
  struct node *p = calloc(1, sizeof *p);
  int two = 2;
  memset(p, 1, sizeof *p);
  memcpy(&p->y, &two, n);
  g = p;
  return 0;
}

void *reader(void *arg) {
  struct node *p = g;
  if (p)
    assert(p->x == 0x01010101 && p->y == 2);
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
