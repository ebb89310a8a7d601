// expect: safe executions=2
// expect-output: counter 2
// Two workers take a mutex with `while (pthread_mutex_trylock(&m)) ;`. A
// failed trylock changes nothing, so the waiting worker is spin-blocked until
// the holder unlocks. One execution per order of the workers.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *worker(void *arg) {
    (void)arg;
    while (pthread_mutex_trylock(&m))
        ;
    counter++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    printf("counter %d\n", counter);
    return 0;
}
