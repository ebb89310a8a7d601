// `--nondet enumerate`: every value of __VERIFIER_nondet_char is explored,
// so the one input that breaks the check (c == -100) is found, and its
// witness (which records the option) replays.
// args: --nondet enumerate
// expect: bug assertion
#include <assert.h>
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  int y = c * 2;
  assert(y != -200);
  return 0;
}
