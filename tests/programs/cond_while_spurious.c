// expect: safe
// expect-output: consumed 1
// The predicate is re-checked in a `while` loop, so spurious wakeups are
// no problem. A waiter that wakes without a signal finds `ready` still 0 and
// waits again. Repeating that changes nothing, so weft cuts the repetition
// instead of unrolling it forever.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, wakeups;

static void *signaller(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, signaller, 0);
    pthread_mutex_lock(&m);
    while (!ready)
        pthread_cond_wait(&c, &m);
    assert(ready);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    printf("consumed %d\n", ready);
    return 0;
}
