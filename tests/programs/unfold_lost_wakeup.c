// args: --por unfold
// expect: bug deadlock
// A producer and a consumer that loop forever. The consumer tests the
// flag outside the lock before it waits: the producer can set the flag and
// signal in between, nobody waits yet, and the signal is lost. Then the
// consumer waits for a signal that never comes while the producer waits
// for the flag to clear. The unfolding finds the lost wakeup although no
// execution ends otherwise.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t full = PTHREAD_COND_INITIALIZER;
pthread_cond_t empty = PTHREAD_COND_INITIALIZER;
int flag = 0;

void *producer(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    while (flag)
      pthread_cond_wait(&empty, &m);
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    pthread_cond_signal(&full);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

void *consumer(void *arg) {
  for (;;) {
    if (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST)) {
      pthread_mutex_lock(&m);
      pthread_cond_wait(&full, &m);
      pthread_mutex_unlock(&m);
    }
    pthread_mutex_lock(&m);
    __atomic_store_n(&flag, 0, __ATOMIC_SEQ_CST);
    pthread_cond_signal(&empty);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  return 0;
}
