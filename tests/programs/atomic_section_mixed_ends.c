// expect: bug assertion
// An atomic section with a footprint (it reads `v`) whose branch on an
// input ends some executions inside it (the failed assume) and not others.
// The bug needs the compare-exchange to fail before the increment, and the
// section to read `v` after the increment. The plans an early end makes
// for the other threads (to run before the section) must not be made when
// another side of the section got past it: as a leaf of the wakeup tree the
// plan for the incrementer's lock absorbed the reversal that puts the
// compare-exchange first, and the section, asleep there, made it redundant:
// the search said SAFE.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

atomic_int v;
int seen = -1;
int cas_failed;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    seen = atomic_load(&v);
    int k = __VERIFIER_nondet_int();
    if (k == 5)
        __VERIFIER_assume(0);
    __VERIFIER_atomic_end();
    return NULL;
}

static void *incrementer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    atomic_fetch_add(&v, 1);
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *swapper(void *arg) {
    (void)arg;
    int expected = 1;
    if (!atomic_compare_exchange_strong(&v, &expected, 1))
        cas_failed = 1;
    return NULL;
}

int main(void) {
    pthread_t r, i, s;
    pthread_create(&r, NULL, reader, NULL);
    pthread_create(&i, NULL, incrementer, NULL);
    pthread_create(&s, NULL, swapper, NULL);
    pthread_join(r, NULL);
    pthread_join(i, NULL);
    pthread_join(s, NULL);
    assert(!(seen == 1 && cas_failed));
    return 0;
}
