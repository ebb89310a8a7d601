// expect: bug memory
// strtok(NULL, ...) before any string reads through glibc's save
// pointer, which is NULL: natively a segmentation fault, here a null
// dereference.
#include <stdio.h>
#include <string.h>

int main(void) {
    char *t = strtok(NULL, " ");
    printf("%p\n", (void *)t);
    return 0;
}
