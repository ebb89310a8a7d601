// expect: bug assertion
// A section's footprint covers every path through it, not just the one an
// execution took: here the reader's section reads `y` only when `x` was
// set. The bug needs the writer's section between the reader's two
// sections, and the writer's section before the second one to publish y.
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x, y, seen_x, seen_y;

static void *writer(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    x = 1;
    y = 1;
    __VERIFIER_atomic_end();
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    seen_x = x;
    __VERIFIER_atomic_end();
    __VERIFIER_atomic_begin();
    if (seen_x)
        seen_y = 2;
    else
        seen_y = y;
    __VERIFIER_atomic_end();
    return NULL;
}

int main(void) {
    pthread_t w, r;
    pthread_create(&r, NULL, reader, NULL);
    pthread_create(&w, NULL, writer, NULL);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    assert(!(seen_x == 0 && seen_y == 1));
    return 0;
}
