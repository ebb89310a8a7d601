// args: --nondet fixed
// With `--nondet fixed`, __VERIFIER_nondet_char returns 0 and the
// run is incomplete (limit nondet): the input that breaks the check is
// not explored, and the verdict says so instead of "safe".
// expect: incomplete
// expect-limit: nondet
#include <assert.h>
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  assert(c != 7);
  return 0;
}
