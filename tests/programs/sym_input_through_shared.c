// args: --nondet symbolic
// expect: bug assertion
// expect-message: reach_error() was called
// An input read in one thread and passed through a shared variable to
// another, whose branch depends on it: the bug needs the input 42 and the
// interleaving where the consumer loads after the producer's store (in the
// other order it reads the initial -1).
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int shared = -1;

static void *producer(void *arg) {
    (void)arg;
    int x = __VERIFIER_nondet_int();
    __atomic_store_n(&shared, x, __ATOMIC_SEQ_CST);
    return NULL;
}

static void *consumer(void *arg) {
    (void)arg;
    int v = __atomic_load_n(&shared, __ATOMIC_SEQ_CST);
    if (v == 42)
        reach_error();
    return NULL;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return 0;
}
