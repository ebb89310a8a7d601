// expect: bug assertion
// pthread_cond_timedwait can return ETIMEDOUT before the signaller runs;
// the caller assumes it was signalled.
#include <assert.h>
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

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
    struct timespec deadline = {1, 0};
    pthread_create(&t, 0, signaller, 0);
    pthread_mutex_lock(&m);
    while (!ready) {
        int rc = pthread_cond_timedwait(&c, &m, &deadline);
        if (rc != 0)
            break;
    }
    assert(ready);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
