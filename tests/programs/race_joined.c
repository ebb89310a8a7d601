// expect: safe executions=1
// Create and join order everything: main writes before creating the worker,
// the worker writes, main reads after joining. No race, one trace.
#include <assert.h>
#include <pthread.h>

int value;

static void *worker(void *arg) {
    (void)arg;
    value = value + 1;
    return NULL;
}

int main(void) {
    pthread_t t;
    value = 41;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    assert(value == 42);
    return 0;
}
