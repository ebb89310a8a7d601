// expect: safe executions=1
// args: --data-model ILP32
// expect-output: sizes timespec=8 timeval=8 time_t=4
// expect-output: slept 1 250000000 ok
// Clocks under ILP32: time_t and the fields of struct timespec and
// struct timeval are 4 bytes; the runtime reads and writes them so.
#include <assert.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

struct guarded {
  int before;
  struct timespec ts;
  int after;
};

int main(void) {
  printf("sizes timespec=%zu timeval=%zu time_t=%zu\n", sizeof(struct timespec),
         sizeof(struct timeval), sizeof(time_t));
  time_t t0 = 0;
  time_t r = time(&t0);
  assert(r == t0 && t0 > 1000000000);
  struct guarded g = {11, {0, 0}, 22};
  assert(clock_gettime(CLOCK_MONOTONIC, &g.ts) == 0);
  assert(g.before == 11 && g.after == 22);
  assert(g.ts.tv_nsec >= 0 && g.ts.tv_nsec < 1000000000L);
  struct timespec start = g.ts;
  struct timespec d = {1, 250000000L};
  assert(nanosleep(&d, 0) == 0);
  struct timespec end;
  clock_gettime(CLOCK_MONOTONIC, &end);
  long long ns = (end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
  assert(ns >= 1250000000LL);
  struct timeval tv = {0, 0};
  assert(gettimeofday(&tv, 0) == 0 && tv.tv_sec >= t0 && tv.tv_usec < 1000000);
  struct timespec bad = {-1, 0};
  assert(nanosleep(&bad, 0) == -1);
  printf("slept %ld %ld ok\n", (long)d.tv_sec, d.tv_nsec);
  return 0;
}
