// args: --nondet symbolic
// expect: bug assertion
// A symbolic pointer passed to a call (memset) is forked over the object:
// for `24 * i + 8` the offsets 8, 32 and 56, and, since 64-bit
// multiplication wraps, one more alternative for every other offset the
// object can take (0, 16, 24, 40 and 48 are reachable with huge i): that
// one is concretised, and it finds the write outside the stride. Without
// it, the huge inputs would be lost and the program called safe.
#include <assert.h>
#include <string.h>

extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);

char buf[64];

int main(void) {
  long i = __VERIFIER_nondet_long();
  unsigned long off = 24 * i + 8;
  __VERIFIER_assume(off < 64);
  memset(buf + off, 1, 1);
  for (int k = 0; k < 64; k++)
    if (k % 24 != 8 && buf[k])
      assert(0);
  return 0;
}
