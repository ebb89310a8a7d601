// expect: bug data-race
// pthread_mutex_timedlock can time out (ETIMEDOUT) while the other thread
// holds the mutex; the caller ignores the result and enters the critical
// section anyway.
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *worker(void *arg) {
    (void)arg;
    struct timespec deadline = {1, 0};
    pthread_mutex_timedlock(&m, &deadline);
    counter++;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
