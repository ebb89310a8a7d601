// args: --por unfold
// expect: bug assertion
// Under --por unfold a thread's new block may take the address of a block
// it freed once nothing refers to that block (here the program keeps only
// its bitwise complement, which is not a reference). The program
// notices the reuse and fails an assertion; without --por unfold the
// addresses are fresh and it passes. The witness records the address
// reuse, so that its replay places blocks alike and fails the same way.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

static int *get(void) { return malloc(sizeof(int)); }

int main(void) {
  uintptr_t key = 0;
  for (int r = 0; r < 3; r++) {
    int *a = get();
    if (r == 0)
      key = ~(uintptr_t)a;
    else
      assert((~(uintptr_t)a) != key);
    free(a);
  }
  return 0;
}
