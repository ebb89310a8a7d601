// expect: bug data-race
// A semaphore initialised to 2 used as a lock lets two threads into the
// critical section at once.
#include <pthread.h>
#include <semaphore.h>

sem_t s;
int counter;

static void *worker(void *arg) {
    (void)arg;
    sem_wait(&s);
    counter++;
    sem_post(&s);
    return 0;
}

int main(void) {
    pthread_t a, b;
    sem_init(&s, 0, 2);
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
