// expect: bug data-race
// `time(&stamp)` stores into its argument: with a shared destination that
// store is an ordinary write, and two threads doing it unsynchronised race.
#include <pthread.h>
#include <time.h>

time_t stamp;

static void *worker(void *arg) {
    (void)arg;
    time(&stamp);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    time(&stamp);
    pthread_join(t, NULL);
    return 0;
}
