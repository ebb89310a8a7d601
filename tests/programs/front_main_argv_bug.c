// K&R main: one worker per argument after argv[0]. With two --arg values
// two workers race on `n`; without arguments there would be no thread.
// expect: bug data-race assertion
// args: --arg a --arg b
#include <assert.h>
#include <pthread.h>

int n;

void *worker(void *arg) {
  n = n + (((char *)arg)[0] == 'a' ? 1 : 2);
  return 0;
}

main(argc, argv) int argc; char **argv; {
  pthread_t t[8];
  int i;
  for (i = 1; i < argc && argv[i]; i++)
    pthread_create(&t[i], 0, worker, argv[i]);
  for (i = 1; i < argc; i++)
    pthread_join(t[i], 0);
  assert(n == 3);
  return 0;
}
