// expect: bug assertion
// The comparator checks that it only sees valid entries, and a worker
// publishes an invalid one (-1) before main sorts: the assertion inside
// the comparator, called by qsort, fails in the executions where main
// sorts after the worker's write.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

_Atomic int table[4] = {3, 1, 2, 0};

static int cmp(const void *a, const void *b) {
    int x = atomic_load((_Atomic int *)a), y = atomic_load((_Atomic int *)b);
    assert(x >= 0 && y >= 0);
    return x - y;
}

static void *corrupt(void *arg) {
    (void)arg;
    atomic_store(&table[3], -1);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, corrupt, NULL);
    int copy[4];
    for (int i = 0; i < 4; i++)
        copy[i] = atomic_load(&table[i]);
    qsort(copy, 4, sizeof copy[0], cmp);
    pthread_join(t, NULL);
    return 0;
}
