// expect: safe
// A function whose name starts with __VERIFIER_atomic_ runs without
// interruption.
#include <assert.h>
#include <pthread.h>

int counter = 0;

void __VERIFIER_atomic_increment(void) {
    int tmp = counter;
    counter = tmp + 1;
}

static void *inc(void *arg) {
    (void)arg;
    __VERIFIER_atomic_increment();
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
