// expect: safe
// args: --data-model ILP32 --por unfold
// ilp32_many_objects.c under --por unfold: a thread's new block takes the
// address of the one it freed (nothing refers to it any more), so the loop
// of 20000 malloc/free pairs never runs out of the 16K addresses.
#include <stdlib.h>

int main(void) {
  for (int i = 0; i < 20000; i++) {
    char *p = malloc(8);
    if (!p)
      return 1;
    p[0] = 1;
    free(p);
  }
  return 0;
}
