// expect: incomplete
// args: --data-model ILP32
// expect-limit: address-space
// A heap block larger than the 32-bit address packing allows (256 KiB),
// which the C library would give: weft does not pretend malloc failed (a
// NULL would steer the program down a path it does not take natively),
// it ends the execution as incomplete. A size no 32-bit C library gives
// is NULL, as natively.
#include <assert.h>
#include <stdlib.h>

int main(void) {
  assert(malloc((size_t)-1) == 0);
  char *small = malloc(1000);
  assert(small);
  free(small);
  char *big = malloc(300000);
  if (!big)
    return 1;
  big[299999] = 1;
  free(big);
  return 0;
}
