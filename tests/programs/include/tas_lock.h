/* A test-and-set spin lock: N workers (default 2) each take the lock with
 * `while (atomic_exchange(&lock, 1)) ;`, increment a plain counter and
 * release it with a seq_cst store; main joins them and checks the count.
 * A failed exchange writes 1 over 1: the iteration changes nothing, so the
 * waiting thread is spin-blocked until the holder's release. The complete
 * executions are the N! orders in which the workers take the lock. Used by
 * the spin_tas_lock*.c corpus programs. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#ifndef N
#define N 2
#endif

atomic_int lock;
int counter;

static void *worker(void *arg) {
    (void)arg;
    while (atomic_exchange(&lock, 1))
        ;
    counter++;
    atomic_store(&lock, 0);
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    assert(counter == N);
    printf("counter %d\n", counter);
    return 0;
}
