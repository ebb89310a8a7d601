// args: --por unfold --unfold-k 1
// expect: safe executions=28
// lastzero with four incrementing threads: thread 0 scans the array
// backwards for the last zero while each other thread sets its element to
// its predecessor plus one. 28 Mazurkiewicz traces. With 1-partial
// alternatives the unfolding explores each once too, but also starts
// executions that end blocked by the sleep set (a check on the JSON's
// `blocked_by` is in the CLI tests); unfold_k_inf_count.c has complete
// alternatives.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#define N 4

static atomic_int array[N + 1];
static int found = -1;

static void *zero(void *arg) {
  int i;
  for (i = N; atomic_load(&array[i]) != 0; i--)
    ;
  found = i;
  return 0;
}

static void *inc(void *arg) {
  int j = (int)(intptr_t)arg;
  atomic_store(&array[j], atomic_load(&array[j - 1]) + 1);
  return 0;
}

int main(void) {
  pthread_t t[N + 1];
  pthread_create(&t[0], 0, zero, 0);
  for (int j = 1; j <= N; j++)
    pthread_create(&t[j], 0, inc, (void *)(intptr_t)j);
  for (int j = 0; j <= N; j++)
    pthread_join(t[j], 0);
  assert(found >= 0 && found <= N);
  return 0;
}
