// A pool of two workers taking N jobs from a queue guarded by one mutex
// and two condition variables; main submits the jobs, then a stop flag,
// and joins the workers. Terminates; condition-variable heavy.
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 2
#endif

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t avail = PTHREAD_COND_INITIALIZER;
pthread_cond_t space = PTHREAD_COND_INITIALIZER;
int pending = 0, done = 0, stop = 0;

void *worker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    while (pending == 0 && !stop)
      pthread_cond_wait(&avail, &m);
    if (pending == 0) {
      pthread_mutex_unlock(&m);
      return 0;
    }
    pending--;
    done++;
    pthread_cond_signal(&space);
    pthread_mutex_unlock(&m);
  }
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  for (int i = 0; i < N; i++) {
    pthread_mutex_lock(&m);
    while (pending == 1)
      pthread_cond_wait(&space, &m);
    pending++;
    pthread_cond_signal(&avail);
    pthread_mutex_unlock(&m);
  }
  pthread_mutex_lock(&m);
  stop = 1;
  pthread_cond_broadcast(&avail);
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(done == N);
  return 0;
}
