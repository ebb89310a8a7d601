// args: --por unfold
// expect: safe
// Two threads retry forever to claim a slot under a lock: a claim that
// fails (the slot is taken) unlocks and tries again; a claim that succeeds
// works outside the lock and then releases the slot. No execution ends,
// the states are finitely many, and at most one thread is ever inside.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int owner = -1;
int inside = 0;

void *claimer(void *arg) {
  int me = (int)(long)arg;
  for (;;) {
    pthread_mutex_lock(&m);
    if (owner != -1) {
      pthread_mutex_unlock(&m);
      continue;
    }
    owner = me;
    pthread_mutex_unlock(&m);
    __atomic_fetch_add(&inside, 1, __ATOMIC_SEQ_CST);
    assert(__atomic_load_n(&inside, __ATOMIC_SEQ_CST) == 1);
    __atomic_fetch_sub(&inside, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_lock(&m);
    owner = -1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, claimer, (void *)0);
  pthread_create(&b, 0, claimer, (void *)1);
  pthread_join(a, 0);
  return 0;
}
