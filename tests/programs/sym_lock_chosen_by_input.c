// args: --nondet symbolic
// expect: safe
// A mutex chosen by an input (`&a[i].m`, i in 0..9) is passed to
// pthread_mutex_lock, a model that needs a concrete address: the address
// is forked over every slot of the array it may be in (one alternative per
// multiple of its alignment, the infeasible ones blocked), so every `i` is
// explored and the program is safe. Before, the pointer was concretised to
// one `i` and the run was incomplete (limit symbolic).
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct slot {
  int datum;
  pthread_mutex_t m;
} a[10];

static int pick(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= i && i < 10);
  return i;
}

static void *worker(void *arg) {
  (void)arg;
  struct slot *p = &a[pick()];
  pthread_mutex_lock(&p->m);
  p->datum++;
  pthread_mutex_unlock(&p->m);
  return 0;
}

int main(void) {
  for (int k = 0; k < 10; k++)
    pthread_mutex_init(&a[k].m, 0);
  int i = pick();
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&a[i].m);
  a[i].datum++;
  pthread_mutex_unlock(&a[i].m);
  pthread_join(t, 0);
  return 0;
}
