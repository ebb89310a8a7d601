// getpid, getppid and gettid describe weft's fixed process: pid 1000,
// parent 1, and a thread id per thread (the main thread's is the pid).
// expect: safe
// expect-output: 1000 1 1000 1001 1
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pid_t child;

static void *worker(void *arg) {
  (void)arg;
  child = gettid();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  printf("%d %d %d %d %d\n", getpid(), getppid(), gettid(), child,
         getpid() == gettid());
  return 0;
}
