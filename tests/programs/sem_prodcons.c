// expect: safe
// expect-output: sum 6
// A one-slot buffer between a producer and a consumer, guarded by two
// semaphores (empty starts at 1, full at 0): the slot is never read before
// it is written nor overwritten before it is read.
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

sem_t empty, full;
int slot, sum;

static void *producer(void *arg) {
    (void)arg;
    for (int i = 1; i <= 3; i++) {
        sem_wait(&empty);
        slot = i;
        sem_post(&full);
    }
    return 0;
}

int main(void) {
    pthread_t p;
    sem_init(&empty, 0, 1);
    sem_init(&full, 0, 0);
    pthread_create(&p, 0, producer, 0);
    for (int i = 0; i < 3; i++) {
        sem_wait(&full);
        sum += slot;
        sem_post(&empty);
    }
    pthread_join(p, 0);
    printf("sum %d\n", sum);
    assert(sum == 6);
    sem_destroy(&empty);
    sem_destroy(&full);
    return 0;
}
