// MP with the message copied by memcpy: memcpy(data, msg, n); flag = 1 ||
// if (flag) memcpy(seen, data, n). memcpy's stores are ordinary stores:
// TSO keeps them before the flag's (one FIFO buffer), PSO may let the flag
// reach memory first (a buffer per location), so the reader sees the flag
// but not the message: a bug under PSO only.
// sc: safe
// tso: safe
// pso: bug assertion
#include <assert.h>
#include <pthread.h>
#include <string.h>

int data[4];
int flag;
volatile unsigned long n = sizeof data;

void *writer(void *arg) {
  int msg[4] = {1, 2, 3, 4};
  memcpy(data, msg, n);
  flag = 1;
  return 0;
}

void *reader(void *arg) {
  int seen[4];
  if (flag) {
    memcpy(seen, data, n);
    assert(seen[0] == 1 && seen[3] == 4);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
