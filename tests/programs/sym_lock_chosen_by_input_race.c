// args: --nondet symbolic
// expect: bug data-race
// The worker locks the slot an input chooses but updates the next one:
// only the inputs with the worker's i + 1 equal to main's i race. The
// lock's address is forked over every slot (see
// sym_lock_chosen_by_input.c), so those inputs are reached; before, the
// address was concretised to one slot and the race was missed
// (incomplete).
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct slot {
  int datum;
  pthread_mutex_t m;
} a[10];

static void *worker(void *arg) {
  (void)arg;
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= i && i < 9);
  pthread_mutex_lock(&a[i].m);
  a[i + 1].datum++;
  pthread_mutex_unlock(&a[i].m);
  return 0;
}

int main(void) {
  for (int k = 0; k < 10; k++)
    pthread_mutex_init(&a[k].m, 0);
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= i && i < 10);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&a[i].m);
  a[i].datum++;
  pthread_mutex_unlock(&a[i].m);
  pthread_join(t, 0);
  return 0;
}
