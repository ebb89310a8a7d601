// args: --por unfold
// expect: bug memory
// Under --por unfold a new object may take a freed block's address, but
// only if nothing refers to the freed block: here its only pointer sits in
// another private heap block (the helpers keep it out of main's
// registers), so the next malloc must not take its address, or the read
// through the dangling pointer would look valid.
#include <stdlib.h>

static void stash(int **holder) {
  int *b = malloc(sizeof(int));
  *b = 7;
  *holder = b;
}

static void drop(int **holder) { free(*holder); }

static int *fresh_int(void) {
  int *f = malloc(sizeof(int));
  *f = 1;
  return f;
}

int main(void) {
  int **holder = malloc(sizeof(int *));
  stash(holder);
  drop(holder);
  int *fresh = fresh_int();
  int v = **holder;
  free(fresh);
  free(holder);
  return v;
}
