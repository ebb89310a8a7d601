// expect: bug assertion
// args: --no-spurious-wakeups -j 1
// As cond_broadcast_wakes_once.c, with each broadcast after the unlock.
// The second broadcast then races with t1's wake directly; Optimal- and
// Source-DPOR once took every broadcast on the condition variable for one
// that enables the wake, never reversed that race, and said SAFE (4
// executions).
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int x;

void *t0(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    x = 1;
    pthread_mutex_unlock(&m);
    pthread_cond_broadcast(&c);
    pthread_mutex_lock(&m);
    x = 2;
    pthread_mutex_unlock(&m);
    pthread_cond_broadcast(&c);
    return 0;
}

void *t1(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    if (x != 2)
        pthread_cond_wait(&c, &m);
    int r = x;
    pthread_mutex_unlock(&m);
    assert(r == 2);
    return 0;
}

int main(void) {
    pthread_t h[2];
    pthread_create(&h[0], 0, t0, 0);
    pthread_create(&h[1], 0, t1, 0);
    pthread_join(h[0], 0);
    pthread_join(h[1], 0);
    return 0;
}
