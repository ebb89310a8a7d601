// Mixed-size forwarding: a 4-byte store x = 0x11223344, then 1-byte loads of its
// bytes 0 and 2 in the same thread, then a 1-byte store to byte 1 and a 4-byte
// load of x. Under TSO/PSO the stores may still be buffered (thread 2 reads x
// meanwhile); loads must combine the newest buffered bytes. Safe everywhere.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>

unsigned x;

void *t1(void *arg) {
  unsigned char *p = (unsigned char *)&x;
  x = 0x11223344u;
  unsigned char b0 = p[0];
  unsigned char b2 = p[2];
  p[1] = 0x55;
  unsigned v = x;
  return (void *)(long)(b0 == 0x44 && b2 == 0x22 && v == 0x11225544u);
}

void *t2(void *arg) {
  return (void *)(long)x;
}

int main(void) {
  pthread_t a, b;
  void *ok, *r;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, &ok);
  pthread_join(b, &r);
  assert(ok);
  return 0;
}
