// args: --por unfold
// expect: bug data-race
// local_fences.c without the acquire fence: the relaxed load that reads
// the flag synchronises with nothing, so the local read of data races
// with the writer's.
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
    r = data;
  }
  pthread_join(t, NULL);
  return r == 42 || r == 0 ? 0 : 1;
}
