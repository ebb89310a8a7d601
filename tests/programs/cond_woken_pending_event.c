// expect: bug assertion deadlock
// expect-bugs: 2
// args: --keep-going --no-spurious-wakeups -j 1
// Two threads wait for x == 1, which never holds; another sets x = 2 and
// broadcasts (a waiter that starts waiting after it deadlocks). The explorer plans a thread from its pending event. A
// waiter's pending event was made while it waited (a wake without a
// signal) and stayed so after the broadcast woke it; planned from that
// stale event, which commutes with other events than the wake that runs,
// Optimal-DPOR once reported `asleep_child` anomalies here and ended two
// executions sleep-set blocked (tests/cli.rs checks both are 0).
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int x;

void *waiter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    if (x != 1)
        pthread_cond_wait(&c, &m);
    int r = x;
    pthread_mutex_unlock(&m);
    assert(r == 1);
    return 0;
}

void *setter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    x = 2;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t h[3];
    pthread_create(&h[0], 0, waiter, 0);
    pthread_create(&h[1], 0, setter, 0);
    pthread_create(&h[2], 0, waiter, 0);
    pthread_join(h[0], 0);
    pthread_join(h[1], 0);
    pthread_join(h[2], 0);
    return 0;
}
