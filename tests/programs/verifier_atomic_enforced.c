// expect: safe executions=2
// The same read-then-write as weft_atomic_annotation.c, inside
// __VERIFIER_atomic_begin/end: `weft check` runs it atomically (as
// SV-COMP requires), so no update is lost. Each section is one step whose
// footprint is `counter`: two executions, one per order of the sections
// (8 while section brackets conflicted with every event). (`weft predict` treats the same
// markers as annotations and predicts the violation: see
// tests/predict/.)
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    int c = counter;
    counter = c + 1;
    __VERIFIER_atomic_end();
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
