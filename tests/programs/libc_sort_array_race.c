// expect: bug data-race
// A thread sorts a global array while another writes one of its elements
// without a lock.
#include <pthread.h>
#include <stdlib.h>

int data[4] = {4, 3, 2, 1};

static int cmp(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

static void *sorter(void *arg) {
    (void)arg;
    qsort(data, 4, sizeof data[0], cmp);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, sorter, NULL);
    data[2] = 7;
    pthread_join(t, NULL);
    return 0;
}
