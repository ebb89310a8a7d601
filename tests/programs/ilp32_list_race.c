// expect: bug data-race
// args: --data-model ILP32
// The racy twin of ilp32_list_threads.c: the threads push onto the shared
// list without the lock, so the 4-byte pointer loads and stores of `head`
// race.
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

struct node {
  int value;
  struct node *next;
};

struct node *head;

static void *push(void *arg) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    return 0;
  n->value = (int)(intptr_t)arg;
  n->next = head;
  head = n;
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, push, (void *)(intptr_t)(i + 1));
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
