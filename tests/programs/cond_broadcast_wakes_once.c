// expect: bug assertion
// args: --no-spurious-wakeups -j 1
// t1 waits while x is not 2; t0 sets x to 1 and broadcasts, then to 2 and
// broadcasts again. The first broadcast wakes t1, which can take the mutex
// back before t0's second critical section and read 1. Optimal- and
// Source-DPOR once said SAFE (3 executions): they took the newest
// broadcast on the condition variable, the second, for the one that woke
// t1, so t1's wake could never move before t0's second lock.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int x;

void *t0(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    x = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    x = 2;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
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
