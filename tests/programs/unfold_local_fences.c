// args: --por unfold
// expect: safe
// Message passing through relaxed atomics and C11 fences, with the data
// accesses run as local steps under --por unfold: the release fence after
// the local write of data is an event of its own, so it publishes that
// write, and the read after the acquire fence is an event that carries the
// fence, so it is checked against what the fence acquired. No data race.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
  (void)arg;
  data = 42;
  atomic_thread_fence(memory_order_release);
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, writer, NULL);
  int r = 0;
  if (atomic_load_explicit(&flag, memory_order_relaxed)) {
    atomic_thread_fence(memory_order_acquire);
    r = data;
  }
  pthread_join(t, NULL);
  return r == 42 || r == 0 ? 0 : 1;
}
