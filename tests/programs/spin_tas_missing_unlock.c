// expect: bug deadlock
// A test-and-set lock whose holder forgets to release it: the other worker's
// exchange keeps failing, it is spin-blocked, and nobody can ever write the
// lock again. Reported as a deadlock whose details name the spinning thread
// and the lock it waits for.
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock;
int counter;

static void *worker(void *arg) {
    (void)arg;
    while (atomic_exchange(&lock, 1))
        ;
    counter++;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
