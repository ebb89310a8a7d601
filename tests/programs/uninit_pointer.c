// expect: bug memory
// Writing through a pointer field that was never initialised.
#include <stdlib.h>

struct buffer {
    int len;
    int *data;
};

int main(void) {
    struct buffer *b = malloc(sizeof *b);
    b->len = 1; /* data is never set */
    b->data[0] = 42;
    free(b);
    return 0;
}
