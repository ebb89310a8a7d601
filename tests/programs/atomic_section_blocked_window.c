// args: --no-race-check
// expect: incomplete
// expect-limit: blocked-atomic-section
// A blocks on the mutex inside its atomic section while B holds it; only
// then may other threads run, and only C running in that window sees z == 1
// and x == 0. DPOR once took the whole section as one block (an event of
// another thread reversed before the section's start) and said SAFE; the
// naive search finds it (atomic_section_blocked_window_naive.c). The
// reduced search does not reorder events into such a window: it must say
// incomplete, never safe.
#include <assert.h>
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __VERIFIER_assume(int);
int w, x, z;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *A(void *arg) {
  __VERIFIER_atomic_begin();
  w = 1;
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  __VERIFIER_atomic_end();
  return 0;
}
void *B(void *arg) {
  pthread_mutex_lock(&m);
  int r = w;
  z = r;
  pthread_mutex_unlock(&m);
  return 0;
}
void *C(void *arg) {
  int r = z;
  __VERIFIER_assume(r == 1);
  int s = x;
  assert(s != 0);
  return 0;
}
int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, A, 0);
  pthread_create(&b, 0, B, 0);
  pthread_create(&c, 0, C, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return 0;
}
