// expect: safe
// expect-output: main errno 11 worker errno 110
// errno is per thread: a failing sem_trywait sets EAGAIN in main while a
// timed-out sem_timedwait sets ETIMEDOUT in the worker; neither sees the
// other's.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

sem_t never;
int worker_errno = -1;

static void *worker(void *arg) {
    (void)arg;
    struct timespec t = {1, 0};
    assert(errno == 0);
    if (sem_timedwait(&never, &t) == -1)
        worker_errno = errno;
    return 0;
}

int main(void) {
    pthread_t t;
    sem_init(&never, 0, 0);
    pthread_create(&t, 0, worker, 0);
    assert(sem_trywait(&never) == -1);
    int mine = errno;
    pthread_join(t, 0);
    assert(errno == EAGAIN);
    printf("main errno %d worker errno %d\n", mine, worker_errno);
    assert(mine == EAGAIN && worker_errno == ETIMEDOUT);
    return 0;
}
