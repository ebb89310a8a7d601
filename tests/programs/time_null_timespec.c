// expect: bug memory
// clock_gettime writes its result through the pointer it is given: a NULL
// timespec is a null dereference (natively a segmentation fault), unlike
// time(NULL) and gettimeofday(NULL, NULL), which store nothing.
#include <stddef.h>
#include <sys/time.h>
#include <time.h>

int main(void) {
    (void)time(NULL);
    gettimeofday(NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, NULL);
    return 0;
}
