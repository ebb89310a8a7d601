// Flexible array members and GNU zero-length arrays are indexed past
// their declared end (getelementptr into `[0 x i32]`).
// expect: safe
// expect-output: 9 5 16
#include <stdio.h>
#include <stdlib.h>

struct buf { int n; int data[]; };
struct old { long n; int data[0]; };

int main(void) {
  struct buf *b = malloc(sizeof(struct buf) + 4 * sizeof(int));
  struct old *o = malloc(sizeof(struct old) + 8);
  for (int i = 0; i < 4; i++)
    b->data[i] = i * i;
  o->data[1] = 5;
  printf("%d %d %ld\n", b->data[3], o->data[1], (long)((char *)&o->data[2] - (char *)o));
  free(b);
  free(o);
  return 0;
}
