// expect: bug assertion
// sem_timedwait can time out before the post comes; the caller assumes it
// got the token.
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

sem_t ready;
int data;

static void *worker(void *arg) {
    (void)arg;
    data = 42;
    sem_post(&ready);
    return 0;
}

int main(void) {
    pthread_t t;
    struct timespec deadline = {1, 0};
    sem_init(&ready, 0, 0);
    pthread_create(&t, 0, worker, 0);
    int r = sem_timedwait(&ready, &deadline);
    (void)r;
    pthread_join(t, 0);
    int got = sem_trywait(&ready) == 0;
    assert(r == 0 || got);
    assert(r == 0);
    return 0;
}
