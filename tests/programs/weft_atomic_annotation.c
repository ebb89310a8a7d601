// expect: bug assertion
// weft_atomic_begin/end mark a transaction for `weft predict` only: under
// `weft check` they are annotations and make no thread wait, so the
// read-then-write below can still lose an update (with
// __VERIFIER_atomic_begin/end, which check enforces, it could not).
#include <assert.h>
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    weft_atomic_begin();
    int c = counter;
    counter = c + 1;
    weft_atomic_end();
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
