// expect: safe executions=24
// args: --data-model ILP32
// A linked list of malloc'd nodes shared between threads under ILP32:
// pointers are 4 bytes in the nodes, and a node a thread publishes through
// the shared head must be seen by the others (its object escapes through
// a 4-byte pointer store). The count equals the LP64 one (cli.rs checks
// that the file compiled for LP64 explores as many executions).
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

struct node {
  int value;
  struct node *next;
};

struct node *head;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
int pushed;

static void *push(void *arg) {
  struct node *n = malloc(sizeof *n);
  assert(n);
  n->value = (int)(intptr_t)arg;
  pthread_mutex_lock(&lock);
  n->next = head;
  head = n;
  pushed++;
  pthread_cond_signal(&cond);
  pthread_mutex_unlock(&lock);
  return n;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, push, (void *)(intptr_t)(i + 1));
  pthread_mutex_lock(&lock);
  while (pushed < 3)
    pthread_cond_wait(&cond, &lock);
  pthread_mutex_unlock(&lock);
  int sum = 0;
  for (struct node *n = head; n; n = n->next)
    sum += n->value;
  assert(sum == 6);
  for (int i = 0; i < 3; i++) {
    void *ret;
    pthread_join(t[i], &ret);
    assert(((struct node *)ret)->value == i + 1);
  }
  while (head) {
    struct node *n = head;
    head = n->next;
    free(n);
  }
  return 0;
}
