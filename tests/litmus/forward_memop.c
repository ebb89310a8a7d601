// A thread reads its own buffered bytes back through runtime calls and plain
// loads, byte by byte: x = 0x04030201;
// memcpy(&c, (char *)&x + 1, 1) reads 2; memset(&x, 9, 2) then a load of x
// reads 0x04030909; strcpy(s, "hi") then strlen(s) reads 2. Under TSO/PSO
// these stores may all still wait in the buffer, so the results hold only
// thanks to forwarding; after the join, main sees them all. Safe under every
// model.
// sc: safe
// tso: safe
// pso: safe
#include <assert.h>
#include <pthread.h>
#include <string.h>

int x;
char c;
char s[8];
volatile unsigned long one = 1;

void *t1(void *arg) {
  x = 0x04030201;
  memcpy(&c, (char *)&x + 1, one);
  assert(c == 2);
  memset(&x, 9, 2);
  assert(x == 0x04030909);
  strcpy(s, "hi");
  assert(strlen(s) == 2 && s[1] == 'i');
  return 0;
}

int main(void) {
  pthread_t a;
  pthread_create(&a, 0, t1, 0);
  pthread_join(a, 0);
  assert(x == 0x04030909 && strlen(s) == 2);
  return 0;
}
