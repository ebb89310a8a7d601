// expect: safe executions=8
// A section that writes through a pointer has no static footprint (the
// pointer could be anything): its brackets conflict with every event, so
// the two sections, although over different globals, are ordered against
// each other and against the creations and joins.
// With the globals named directly they would commute (one execution, see
// atomic_sections_disjoint.c).
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int a, b;

static void *bump(void *arg) {
    int *p = arg;
    __VERIFIER_atomic_begin();
    *p = *p + 1;
    __VERIFIER_atomic_end();
    return NULL;
}

int main(void) {
    pthread_t x, y;
    pthread_create(&x, NULL, bump, &a);
    pthread_create(&y, NULL, bump, &b);
    pthread_join(x, NULL);
    pthread_join(y, NULL);
    assert(a == 1 && b == 1);
    return 0;
}
