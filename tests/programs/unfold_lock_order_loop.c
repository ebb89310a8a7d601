// args: --por unfold
// expect: bug deadlock
// Two threads take two mutexes in opposite orders, forever. Every
// execution that avoids the deadlock is infinite; the unfolding still
// reaches the state where each holds one mutex and waits for the other.
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

void *forward(void *arg) {
  for (;;) {
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
  }
  return 0;
}

void *backward(void *arg) {
  for (;;) {
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
  }
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, forward, 0);
  pthread_create(&y, 0, backward, 0);
  pthread_join(x, 0);
  return 0;
}
