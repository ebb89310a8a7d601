// expect: bug assertion
// A local whose address is handed to a thread is shared: main wrongly
// assumes the worker has not written it yet.
#include <assert.h>
#include <pthread.h>

static void *worker(void *arg) {
    int *slot = arg;
    *slot = 7;
    return NULL;
}

int main(void) {
    int value = 0;
    pthread_t t;
    pthread_create(&t, NULL, worker, &value);
    assert(value == 0); /* wrong: the worker may already have run */
    pthread_join(t, NULL);
    return 0;
}
