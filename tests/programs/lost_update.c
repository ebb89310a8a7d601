// expect: bug assertion
// Two threads increment a shared counter without synchronisation: one
// increment can be lost.
#include <assert.h>
#include <pthread.h>

int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    counter++;
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
