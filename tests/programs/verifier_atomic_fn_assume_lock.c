// expect: safe executions=2
// SV-COMP's lock idiom: `__VERIFIER_atomic_*` functions that wait with an
// assume and then take the lock. Each call is one atomic step whose
// footprint is the lock word (and the counter in the critical section is
// ordered through it): two orders of the critical sections.
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_assume(int);

int m = 0;
int counter = 0;

void __VERIFIER_atomic_acquire(void) {
    __VERIFIER_assume(m == 0);
    m = 1;
}

void __VERIFIER_atomic_release(void) {
    __VERIFIER_assume(m == 1);
    m = 0;
}

static void *worker(void *arg) {
    (void)arg;
    __VERIFIER_atomic_acquire();
    int t = counter;
    counter = t + 1;
    __VERIFIER_atomic_release();
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
