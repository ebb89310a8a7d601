// expect: bug deadlock
// Main waits for two posts but the worker posts once.
#include <pthread.h>
#include <semaphore.h>

sem_t done;

static void *worker(void *arg) {
    (void)arg;
    sem_post(&done);
    return 0;
}

int main(void) {
    pthread_t t;
    sem_init(&done, 0, 0);
    pthread_create(&t, 0, worker, 0);
    sem_wait(&done);
    sem_wait(&done);
    pthread_join(t, 0);
    return 0;
}
