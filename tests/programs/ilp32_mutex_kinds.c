// expect: safe
// args: --data-model ILP32
// Mutex types under ILP32, where glibc's `__kind` field is at offset 12
// of a 24-byte pthread_mutex_t (16 of 40 under LP64): the static
// recursive initialiser and pthread_mutexattr_settype both give recursive
// mutexes (relocking is no deadlock); an errorcheck mutex unlocked by a
// thread that does not hold it fails with EPERM (with the wrong offset it
// would be a normal mutex, and that unlock misuse).
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>

pthread_mutex_t rec = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
pthread_mutex_t checked = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
int counter;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&rec);
  pthread_mutex_lock(&rec);
  counter++;
  pthread_mutex_unlock(&rec);
  pthread_mutex_unlock(&rec);
  return 0;
}

int main(void) {
  assert(sizeof(pthread_mutex_t) == 24);
  pthread_mutex_t dyn;
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&dyn, &a);
  pthread_mutex_lock(&dyn);
  pthread_mutex_lock(&dyn);
  pthread_mutex_unlock(&dyn);
  pthread_mutex_unlock(&dyn);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  worker(0);
  pthread_join(t, 0);
  assert(counter == 2);
  // An errorcheck mutex nobody holds: unlocking it fails.
  assert(pthread_mutex_unlock(&checked) == EPERM);
  return 0;
}
