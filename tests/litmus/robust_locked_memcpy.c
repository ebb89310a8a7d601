// A struct and a string copied under a mutex (the struct assignment is a
// memcpy, the string a strcpy, read back with a struct copy and strlen):
// race-free and fully locked, so the unlock drains the writer's buffer and
// TSO and PSO explore exactly the executions of SC.
// sc: safe
// tso: safe
// pso: safe
// robust
#include <assert.h>
#include <pthread.h>
#include <string.h>

struct s {
  int a, b, c;
} g;
char name[8];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *writer(void *arg) {
  struct s v = {1, 2, 3};
  pthread_mutex_lock(&m);
  g = v;
  strcpy(name, "w");
  pthread_mutex_unlock(&m);
  return 0;
}

void *reader(void *arg) {
  struct s v;
  pthread_mutex_lock(&m);
  v = g;
  unsigned long n = strlen(name);
  pthread_mutex_unlock(&m);
  assert((v.a == 0 && n == 0) || (v.c == 3 && n == 1));
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
