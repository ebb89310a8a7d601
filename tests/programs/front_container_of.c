// The container_of idiom, at run time and in a global initialiser
// (a constant getelementptr with a negative offset).
// expect: safe
// expect-output: 9 7 9 16
#include <stddef.h>
#include <stdio.h>

#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))
struct link { struct link *next; };
struct node { int key; struct link link; int val; };

struct node gn = {7, {0}, 9};
struct node *gp = container_of(&gn.link, struct node, link);
long goff = (long)&((struct node *)0)->val;

int main(void) {
  struct link *l = &gn.link;
  struct node *n = container_of(l, struct node, link);
  printf("%d %d %d %ld\n", n->val, gp->key, gp->val, goff);
  return 0;
}
