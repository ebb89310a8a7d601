// The same with two buffered stores: reported at the later store (`g0 = 4`) only.
#include <pthread.h>
#include <stdio.h>
int g0;
void *t0(void *arg) {
  g0 = 3;
  return 0;
}
void *t1(void *arg) {
  g0 = 4;
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, t0, 0);
  pthread_create(&th[1], 0, t1, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  printf("g0=%d\n", g0);
  return 0;
}
