// expect: bug data-race
// The comparator reads a global sort direction that main changes while a
// worker sorts its own (private) array.
#include <pthread.h>
#include <stdlib.h>

int descending;

static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return descending ? y - x : x - y;
}

static void *sorter(void *arg) {
    (void)arg;
    int local[3] = {2, 3, 1};
    qsort(local, 3, sizeof local[0], cmp);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, sorter, NULL);
    descending = 1;
    pthread_join(t, NULL);
    return 0;
}
