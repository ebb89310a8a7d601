// args: --por none --no-race-check
// expect: safe executions=69
// Two threads each do x++ (one load and one store of a global) without a
// lock; the final value is 1 or 2. Same shape as two_stores.c with two
// shared accesses per thread instead of one: 69 interleavings.
#include <assert.h>
#include <pthread.h>

int x = 0;

static void *inc(void *arg) {
    (void)arg;
    x++;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(x == 1 || x == 2);
    return 0;
}
