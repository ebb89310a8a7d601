// expect: safe
// Code between __VERIFIER_atomic_begin and __VERIFIER_atomic_end runs without
// interruption, so the unlocked increment cannot lose an update.
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    int tmp = counter;
    counter = tmp + 1;
    __VERIFIER_atomic_end();
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
