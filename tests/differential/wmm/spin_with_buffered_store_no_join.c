// The same without joins: main returns while the threads still run.
#include <pthread.h>
int f0, c;
void *t0(void *arg) {
  f0 = 1;
  c = 1;
  __sync_synchronize();
  f0 = 0;
  return 0;
}
void *t1(void *arg) {
  while (f0)
    ;
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  return 0;
}
