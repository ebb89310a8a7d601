// args: --por unfold
// expect: safe
// A server that never stops: main submits jobs forever into a queue of
// capacity 2, two workers take them forever, all under one mutex with two
// condition variables. Every execution is infinite, but the program has
// finitely many states: the unfolding's cutoff events end the search, and
// the capacity assertion holds in every reachable state.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t avail = PTHREAD_COND_INITIALIZER;
pthread_cond_t space = PTHREAD_COND_INITIALIZER;
int pending = 0;

void *worker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    while (pending == 0)
      pthread_cond_wait(&avail, &m);
    pending--;
    assert(pending >= 0 && pending < 2);
    pthread_cond_signal(&space);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  for (;;) {
    pthread_mutex_lock(&m);
    while (pending == 2)
      pthread_cond_wait(&space, &m);
    pending++;
    pthread_cond_signal(&avail);
    pthread_mutex_unlock(&m);
  }
}
