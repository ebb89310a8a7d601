// Mixed-size coherence: x = 0x11223344 (4 bytes) then byte 1 of x = 0x55.
// The stores overlap, so under PSO they drain in order too (same bytes, one
// FIFO per location); otherwise x would end as 0x11223344. Thread 2 reads byte
// 1 twice and must never see 0x55 then 0x33. Safe under SC, TSO and PSO.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

unsigned x;

void *t1(void *arg) {
  x = 0x11223344u;
  ((unsigned char *)&x)[1] = 0x55;
  return 0;
}

void *t2(void *arg) {
  unsigned char *p = (unsigned char *)&x;
  unsigned char r1 = p[1];
  unsigned char r2 = p[1];
  return (void *)(long)(r1 << 8 | r2);
}

int main(void) {
  pthread_t a, b;
  void *v;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, &v);
  long r1 = (long)v >> 8, r2 = (long)v & 255;
  assert(!(r1 == 0x55 && r2 == 0x33));
  assert(x == 0x11225544u);
  return 0;
}
