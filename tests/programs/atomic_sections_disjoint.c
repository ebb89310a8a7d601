// expect: safe executions=1
// Atomic sections over disjoint globals commute: each section's
// footprint (the globals it can touch, on any path) shows that no order of
// them matters, so one execution covers them all. Brackets that conflict
// with every event (sections without a footprint, and every section under
// TSO and PSO) order them against each other and against the creations
// and joins: 6,439 executions.
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int a, b, c, d;

static void *ta(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    a = a + 1;
    __VERIFIER_atomic_end();
    return NULL;
}

static void *tb(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    b = b + 1;
    __VERIFIER_atomic_end();
    return NULL;
}

static void *tc(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    c = c + 1;
    __VERIFIER_atomic_end();
    return NULL;
}

static void *td(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    d = d + 1;
    __VERIFIER_atomic_end();
    return NULL;
}

int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], NULL, ta, NULL);
    pthread_create(&t[1], NULL, tb, NULL);
    pthread_create(&t[2], NULL, tc, NULL);
    pthread_create(&t[3], NULL, td, NULL);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    assert(a + b + c + d == 4);
    return 0;
}
