// SB through string functions: memset writes a one-character string and
// strlen reads the other thread's: x[0] = 'a'; r1 = strlen(y) ||
// y[0] = 'a'; r2 = strlen(x). memset and strlen are ordinary stores and
// loads (no fence), so under TSO and PSO both strlen calls may read memory
// while the other memset still waits in its store buffer: r1 == r2 == 0.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <string.h>

char x[2], y[2];
unsigned long r1, r2;

void *t1(void *arg) {
  memset(x, 'a', 1);
  r1 = strlen(y);
  return 0;
}

void *t2(void *arg) {
  memset(y, 'a', 1);
  r2 = strlen(x);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r1 == 0 && r2 == 0));
  return 0;
}
