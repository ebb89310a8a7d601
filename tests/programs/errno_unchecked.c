// expect: bug assertion
// The program assumes sem_trywait succeeded and that errno stayed 0, but
// the worker may not have posted yet.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>

sem_t s;

static void *worker(void *arg) {
    (void)arg;
    sem_post(&s);
    return 0;
}

int main(void) {
    pthread_t t;
    sem_init(&s, 0, 0);
    pthread_create(&t, 0, worker, 0);
    sem_trywait(&s);
    assert(errno == 0);
    pthread_join(t, 0);
    return 0;
}
