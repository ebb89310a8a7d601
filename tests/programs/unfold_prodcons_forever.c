// args: --por unfold
// expect: safe
// A producer and a consumer that run forever over a two-slot ring buffer,
// with one mutex and two condition variables. The consumer checks that
// items arrive in order (the producer writes 0, 1, 2, 0, 1, 2, ...); the
// states repeat, so cutoff events end the exploration.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
int buf[2];
int head = 0, count = 0;

void *producer(void *arg) {
  int next = 0;
  for (;;) {
    pthread_mutex_lock(&m);
    while (count == 2)
      pthread_cond_wait(&not_full, &m);
    buf[(head + count) % 2] = next;
    count++;
    pthread_cond_signal(&not_empty);
    pthread_mutex_unlock(&m);
    next = (next + 1) % 3;
  }
  return 0;
}

void *consumer(void *arg) {
  int expect = 0;
  for (;;) {
    pthread_mutex_lock(&m);
    while (count == 0)
      pthread_cond_wait(&not_empty, &m);
    int item = buf[head];
    head = (head + 1) % 2;
    count--;
    pthread_cond_signal(&not_full);
    pthread_mutex_unlock(&m);
    assert(item == expect);
    expect = (expect + 1) % 3;
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
