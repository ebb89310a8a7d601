// args: --check-robustness
// expect: incomplete
// expect-limit: symbolic
// Message passing (robust under TSO: its stores leave the buffer in
// order) of a symbolic value. Outcomes with symbolic data cannot be
// compared between the SC and the TSO explorations (and TSO's store
// buffers hold concretised values), so no robustness finding is claimed
// and the verdict is incomplete, never a robustness bug made of two
// spellings of one outcome.
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int data, flag, got;

void *producer(void *a) {
    (void)a;
    __atomic_store_n(&data, __VERIFIER_nondet_int(), __ATOMIC_RELAXED);
    __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    return 0;
}

void *consumer(void *a) {
    (void)a;
    if (__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
        got = __atomic_load_n(&data, __ATOMIC_RELAXED);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, producer, 0);
    pthread_create(&b, 0, consumer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
