// expect: bug data-race
// After the first barrier, thread 1 writes `x` for the next round while
// main still reads it for this round: the barrier orders neither access
// before the other (only the accesses before the barrier come before those
// after it).
#include <pthread.h>

pthread_barrier_t bar;
int x;

static void *worker(void *arg) {
    (void)arg;
    pthread_barrier_wait(&bar);
    x = 2;
    pthread_barrier_wait(&bar);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_barrier_init(&bar, 0, 2);
    pthread_create(&t, 0, worker, 0);
    x = 1;
    pthread_barrier_wait(&bar);
    int seen = x;
    (void)seen;
    pthread_barrier_wait(&bar);
    pthread_join(t, 0);
    return 0;
}
