// expect: bug assertion data-race
// The absolute value of a global another thread sets without a lock.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

long delta;

static void *set(void *arg) {
    (void)arg;
    delta = -3;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, set, NULL);
    long d = labs(delta);
    pthread_join(t, NULL);
    assert(d == 3);
    return 0;
}
