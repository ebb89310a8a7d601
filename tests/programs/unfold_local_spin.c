// args: --por unfold
// expect: bug data-race
// A loop on a plain variable: its loads are local steps, but a thread that
// runs 64 of them in a row without an event makes the next one an event,
// so the loop yields, the writer runs, and the data race is found (instead
// of the loop running into --max-steps).
#include <pthread.h>

int flag;

void *writer(void *arg) {
  (void)arg;
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  while (!flag)
    ;
  pthread_join(t, 0);
  return 0;
}
