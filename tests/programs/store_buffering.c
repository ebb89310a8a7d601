// args: --no-race-check
// expect: safe
// The store-buffering litmus test: under sequential consistency at least one
// thread sees the other's store.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

int x = 0, y = 0;

static void *left(void *arg) {
    (void)arg;
    x = 1;
    return (void *)(intptr_t)y;
}

static void *right(void *arg) {
    (void)arg;
    y = 1;
    return (void *)(intptr_t)x;
}

int main(void) {
    pthread_t a, b;
    void *r1, *r2;
    pthread_create(&a, NULL, left, NULL);
    pthread_create(&b, NULL, right, NULL);
    pthread_join(a, &r1);
    pthread_join(b, &r2);
    assert(r1 != 0 || r2 != 0);
    return 0;
}
