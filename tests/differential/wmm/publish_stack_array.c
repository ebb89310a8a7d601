// A private stack array initialised, then published through a global
// pointer and read by another thread while the owner waits for it.
#include <pthread.h>
#include <stdio.h>
int *g;
int done;
void *owner(void *arg) {
  int a[2];
  a[0] = 5;
  a[1] = 6;
  g = a;
  while (!done)
    ;
  return 0;
}
void *reader(void *arg) {
  int *p = g;
  int s = -1;
  if (p)
    s = p[0] + p[1];
  done = 1;
  printf("s=%d\n", s);
  return 0;
}
int main(void) {
  pthread_t th[2];
  pthread_create(&th[0], 0, owner, 0);
  pthread_create(&th[1], 0, reader, 0);
  pthread_join(th[0], 0);
  pthread_join(th[1], 0);
  return 0;
}
