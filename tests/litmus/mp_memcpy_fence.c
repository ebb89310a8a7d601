// mp_memcpy.c with a seq_cst fence between the copy and the flag: the fence
// drains the writer's buffer, so the message reaches memory before the flag
// under every model.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

int data[4];
int flag;
volatile unsigned long n = sizeof data;

void *writer(void *arg) {
  int msg[4] = {1, 2, 3, 4};
  memcpy(data, msg, n);
  atomic_thread_fence(memory_order_seq_cst);
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
