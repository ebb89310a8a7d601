// offsetof written as `&((T *)0)->member` (Linux's list_entry, goblint's
// and SV-COMP's driver tasks): a constant getelementptr on a null base,
// in code and in a global initialiser.
// expect: safe
// expect-output: 7 9 8 16 24
#include <stdio.h>

#define list_entry(ptr, type, member) \
  ((type *)((char *)(ptr) - (unsigned long)(&((type *)0)->member)))
struct node { int key; long pad; int list; long val; };

struct node gn = {7, 0, 0, 9};
long goff = (long)&((struct node *)0)->pad;

int main(void) {
  int *l = &gn.list;
  struct node *n = list_entry(l, struct node, list);
  long voff = (unsigned long)(&((struct node *)0)->val);
  printf("%d %ld %ld %ld %ld\n", n->key, n->val, goff,
         (long)&((struct node *)0)->list, voff);
  return 0;
}
