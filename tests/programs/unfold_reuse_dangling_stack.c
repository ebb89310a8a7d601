// args: --por unfold
// expect: bug memory
// Under --por unfold a new object may take a dead stack variable's
// address, but only if nothing refers to it: here the dangling pointer
// sits in an array on main's stack, so the malloc must not take its
// address, or the read through it would look valid.
#include <stdlib.h>

static void keep(int **slots) {
  int local = 5;
  slots[0] = &local;
}

int main(void) {
  int *slots[1];
  keep(slots);
  int *h = malloc(sizeof(int));
  *h = 3;
  int v = *slots[0];
  free(h);
  return v;
}
