// expect: bug assertion
// args: --data-model ILP32
// expect-message: seen == 1
// A node published through a 4-byte pointer store: the reader's load of
// its field is a visible event only if the node escaped when its address
// was stored. Exploration must find the schedule where the reader sees
// the node before its field is set.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct node {
  int ready;
  int value;
};

struct node *_Atomic slot;

static void *writer(void *arg) {
  (void)arg;
  struct node *n = malloc(sizeof *n);
  n->ready = 0;
  n->value = 0;
  slot = n;
  __atomic_store_n(&n->value, 1, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  struct node *n = slot;
  if (n) {
    int seen = __atomic_load_n(&n->value, __ATOMIC_SEQ_CST);
    assert(seen == 1);
  }
  pthread_join(t, 0);
  return 0;
}
