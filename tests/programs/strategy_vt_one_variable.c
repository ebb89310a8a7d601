// args: --strategy vt --no-race-check
// expect: bug assertion
// expect-found: strategy=vt v=1 t=2 preemptions=1
// A one-variable, two-thread atomicity violation: the reader reads x twice
// and expects the same value, the writer stores to x once. Round (v,t) =
// (1,2) finds it: under either priority order (ascending or descending
// thread ids) the reader runs before the writer (with descending ids it is
// created first and runs at once); one preemption right after the reader's
// first load of x, the one tracked variable, lowers the reader below the
// others, the writer stores, and the reader's second load differs. No
// schedule without a preemption fails: each thread then runs to its end.
#include <assert.h>
#include <pthread.h>

int x = 0;

static void *reader(void *arg) {
    (void)arg;
    int first = x;
    int second = x;
    assert(first == second);
    return NULL;
}

static void *writer(void *arg) {
    (void)arg;
    x = 1;
    return NULL;
}

int main(void) {
    pthread_t r, w;
    pthread_create(&r, NULL, reader, NULL);
    pthread_create(&w, NULL, writer, NULL);
    pthread_join(r, NULL);
    pthread_join(w, NULL);
    return 0;
}
