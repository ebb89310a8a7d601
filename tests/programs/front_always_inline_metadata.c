// An always-inlined helper with restrict parameters leaves
// `llvm.experimental.noalias.scope.decl(metadata ...)` calls, and a label
// leaves debug-label records: both are ignored.
// expect: safe
// expect-output: y=2
#include <stdio.h>

static inline __attribute__((always_inline)) void cp(int *restrict a,
                                                     const int *restrict b) {
  *a = *b + 1;
}

int main(void) {
  int x = 1, y;
  cp(&y, &x);
  goto out;
out:
  printf("y=%d\n", y);
  return 0;
}
