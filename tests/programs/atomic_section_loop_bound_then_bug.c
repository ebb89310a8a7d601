// args: --max-steps 3000
// expect: bug assertion
// Main polls a flag inside an atomic section (a footprint of one global)
// and never lets go by itself: the first execution runs main alone until
// the step bound, which stops it right after a section's end. The others
// must then be planned before that section, the step that ended the
// execution, although nothing main did conflicts with their first events.
// (They were not: the search stopped after that one run, incomplete,
// without the producer's assertion failure.)
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int flag, data, other;

static void *producer(void *arg) {
    (void)arg;
    data = 42;
    assert(other == 0);
    __VERIFIER_atomic_begin();
    flag = 1;
    __VERIFIER_atomic_end();
    return 0;
}

static void *bystander(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    other = other + 1;
    __VERIFIER_atomic_end();
    return 0;
}

int main(void) {
    pthread_t p, b;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&b, 0, bystander, 0);
    int seen = 0;
    while (!seen) {
        __VERIFIER_atomic_begin();
        seen = flag;
        __VERIFIER_atomic_end();
    }
    pthread_join(p, 0);
    pthread_join(b, 0);
    return 0;
}
