// expect: safe
// expect-output: counter 3
// Three threads take a compare-exchange spin lock around a plain counter.
// The retry loop is detected as a spin, so exploration terminates, and the
// lock's atomics order the counter accesses: no data race.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

atomic_int lock;
int counter;

static void acquire(void) {
    int expected;
    do {
        expected = 0;
    } while (!atomic_compare_exchange_weak(&lock, &expected, 1));
}

static void *worker(void *arg) {
    (void)arg;
    acquire();
    counter++;
    atomic_store(&lock, 0);
    return NULL;
}

int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    assert(counter == 3);
    printf("counter %d\n", counter);
    return 0;
}
