// expect: safe executions=2
// args: --data-model ILP32 --mm tso
// Publication through a 4-byte pointer under TSO: the writer fills a
// private node (its stores wait in the store buffer, hidden), then stores
// the node's address to a shared global (a release store: a plain buffered
// store under TSO). The node escapes with that 4-byte pointer and its
// fields' stores are flushed before it (TSO is FIFO), so a reader that
// sees the pointer sees the fields. Under LP64 the count is the same.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct node {
  int a;
  int b;
  struct node *self;
};

struct node *_Atomic shared;

static void *writer(void *arg) {
  (void)arg;
  struct node *n = malloc(sizeof *n);
  n->a = 1;
  n->b = 2;
  n->self = n;
  atomic_store_explicit(&shared, n, memory_order_release);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  struct node *n = atomic_load_explicit(&shared, memory_order_acquire);
  if (n) {
    assert(n->a == 1 && n->b == 2 && n->self == n);
  }
  pthread_join(t, 0);
  return 0;
}
