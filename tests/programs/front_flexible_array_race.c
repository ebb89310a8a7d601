// One thread writes the first element of a flexible array member, the
// other the int just after the header: the same bytes, so they race. Only
// the real offset of `data` makes the two accesses overlap.
// expect: bug data-race
#include <pthread.h>
#include <stdlib.h>

struct buf { int n; int data[]; };
struct buf *b;

void *t1(void *arg) { b->data[0] = 1; return 0; }
void *t2(void *arg) { ((int *)b)[1] = 2; return 0; }

int main(void) {
  pthread_t x, y;
  b = calloc(1, sizeof(struct buf) + 2 * sizeof(int));
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return 0;
}
