// expect: safe
// expect-output: value 1
// sem_trywait fails (-1) when no token is left and takes one otherwise;
// sem_getvalue reports the count.
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

sem_t s;

static void *poster(void *arg) {
    (void)arg;
    sem_post(&s);
    return 0;
}

int main(void) {
    pthread_t t;
    int v = -1;
    sem_init(&s, 0, 1);
    assert(sem_trywait(&s) == 0);
    assert(sem_trywait(&s) == -1);
    pthread_create(&t, 0, poster, 0);
    pthread_join(t, 0);
    sem_getvalue(&s, &v);
    printf("value %d\n", v);
    assert(v == 1);
    return 0;
}
