// expect: safe
// expect-output: counter 4
// pthread_spin_lock protects a counter.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_spinlock_t lock;
int counter;

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 2; i++) {
        pthread_spin_lock(&lock);
        counter++;
        pthread_spin_unlock(&lock);
    }
    if (pthread_spin_trylock(&lock) == 0)
        pthread_spin_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_spin_init(&lock, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    printf("counter %d\n", counter);
    assert(counter == 4);
    pthread_spin_destroy(&lock);
    return 0;
}
