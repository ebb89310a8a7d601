// expect: bug assertion
// rand() draws from one generator shared by all threads (glibc's sequence,
// seeded with 1): which thread gets which number depends on the order of
// their calls, which the reduction explores. The failure needs the worker
// to draw first.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int drawn;

static void *worker(void *arg) {
    (void)arg;
    drawn = rand();
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int mine = rand();
    pthread_join(t, NULL);
    assert(mine != 846930886 || drawn != 1804289383);
    return 0;
}
