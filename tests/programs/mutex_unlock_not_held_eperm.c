// POSIX: unlocking an error-checking or recursive mutex the caller does
// not hold (unlocked, or held by another thread) fails with EPERM; it is
// not undefined, so no pthread-misuse. (A normal mutex: unlock_unlocked.c.)
// expect: safe
#include <assert.h>
#include <errno.h>
#include <pthread.h>

pthread_mutex_t checked, rec;
int x;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&checked);
  x = 1;
  pthread_mutex_unlock(&checked);
  return 0;
}

int main(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&checked, &a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&rec, &a);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  // Held by the worker or by nobody: never by main.
  assert(pthread_mutex_unlock(&checked) == EPERM);
  pthread_join(t, 0);
  assert(x == 1);
  pthread_mutex_lock(&rec);
  pthread_mutex_lock(&rec);
  assert(pthread_mutex_unlock(&rec) == 0);
  assert(pthread_mutex_unlock(&rec) == 0);
  assert(pthread_mutex_unlock(&rec) == EPERM);
  return 0;
}
