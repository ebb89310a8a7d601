// A worker reaches its node through container_of on the embedded link and
// bumps `val` without the lock main holds: it races with main's direct
// update of the same field.
// expect: bug data-race
#include <pthread.h>
#include <stddef.h>

#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))
struct link { struct link *next; };
struct node { int key; struct link link; int val; };
struct node gn = {1, {0}, 0};

void *worker(void *arg) {
  struct node *n = container_of((struct link *)arg, struct node, link);
  n->val++;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, &gn.link);
  gn.val++;
  pthread_join(t, 0);
  return 0;
}
