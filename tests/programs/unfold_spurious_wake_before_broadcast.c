// expect: bug assertion
// args: --por unfold -j 1
// t1 waits once (`if`) and asserts that x is 1 when it returns; t0 sets
// x = 1 and broadcasts, then waits in a `while` loop that unfold cuts off.
// The failure needs t1 to wake spuriously before t0's broadcast. Once the
// broadcast has woken t1, its pending event is the signalled wake, and no
// race of the trace leads back to the spurious one: `--por unfold` said
// SAFE (3 executions, 4 cut off) until the plans that put a waiter's
// unsignalled wake before the signal that disables it were made when the
// signal runs. Optimal-DPOR and the naive search find it.
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
    while (x != 2)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return 0;
}

void *t1(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    if (x != 1)
        pthread_cond_wait(&c, &m);
    int r = x;
    pthread_mutex_unlock(&m);
    assert(r == 1);
    pthread_mutex_lock(&m);
    x = 2;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
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
