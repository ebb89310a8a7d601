// SB through strcpy and strcmp: strcpy(x, "go"); r1 = strcmp(y, "go") ||
// strcpy(y, "go"); r2 = strcmp(x, "go"). Both are ordinary stores and loads
// (no fence), so under TSO and PSO each strcmp may read memory while the
// other thread's strcpy still waits in its store buffer: both differ.
// sc: safe
// tso: bug assertion
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <string.h>

char x[4], y[4];
int r1, r2;

void *t1(void *arg) {
  strcpy(x, "go");
  r1 = strcmp(y, "go");
  return 0;
}

void *t2(void *arg) {
  strcpy(y, "go");
  r2 = strcmp(x, "go");
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r1 != 0 && r2 != 0));
  return 0;
}
