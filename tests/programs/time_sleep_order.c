// expect: bug assertion
// The clock is shared: a sleep in one thread moves the time another
// thread reads. Only the interleaving in which the worker's 10-second
// sleep comes before main's second reading fails the assertion, so the
// reduction must order sleeps against clock reads.
#include <assert.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static void *worker(void *arg) {
    (void)arg;
    sleep(10);
    return NULL;
}

int main(void) {
    time_t start = time(NULL);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    time_t now = time(NULL);
    assert(now - start < 10);
    pthread_join(t, NULL);
    return 0;
}
