// expect: bug deadlock
// A barrier for three threads that only two ever reach.
#include <pthread.h>

pthread_barrier_t bar;

static void *worker(void *arg) {
    (void)arg;
    pthread_barrier_wait(&bar);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_barrier_init(&bar, 0, 3);
    pthread_create(&t, 0, worker, 0);
    pthread_barrier_wait(&bar);
    pthread_join(t, 0);
    return 0;
}
