// args: --por unfold
// expect: safe
// unfold_lock_order_loop.c with both threads taking the mutexes in the
// same order: no deadlock, no execution ends, and the cutoffs end the
// search with the verdict safe.
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
  }
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, worker, 0);
  pthread_create(&y, 0, worker, 0);
  pthread_join(x, 0);
  return 0;
}
