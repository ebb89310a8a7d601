// `--nondet enumerate`: two unsigned chars in two threads, 256 values
// each, explored exhaustively (no `incomplete`): the threads' events
// commute, so Optimal-DPOR runs each pair of inputs once.
// args: --nondet enumerate
// expect: safe executions=65536
#include <assert.h>
#include <pthread.h>
extern unsigned char __VERIFIER_nondet_uchar(void);

int a, b;

void *t(void *arg) {
  b = __VERIFIER_nondet_uchar();
  return 0;
}

int main(void) {
  pthread_t p;
  pthread_create(&p, 0, t, 0);
  a = __VERIFIER_nondet_uchar();
  pthread_join(p, 0);
  assert(a + b <= 510);
  return 0;
}
