// expect: safe
// expect-output: result 42
// A detached worker reports completion through a condition variable instead
// of being joined.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;
int done = 0;
int result = 0;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    result = 42;
    done = 1;
    pthread_cond_signal(&done_cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    assert(pthread_detach(t) == 0);
    pthread_mutex_lock(&m);
    while (!done)
        pthread_cond_wait(&done_cv, &m);
    assert(result == 42);
    pthread_mutex_unlock(&m);
    printf("result %d\n", result);
    return 0;
}
