// expect: incomplete
// args: --data-model ILP32
// expect-limit: address-space
// Each thread has addresses for 16K small objects (objects are never
// reused, except under --por unfold: see unfold_reuse_many_objects.c): a
// loop of 20000 malloc/free pairs runs out, and the execution
// ends as incomplete.
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
