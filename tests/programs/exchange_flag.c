// expect: safe
// atomic_exchange as a one-shot test-and-set: only one thread sees 0.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int taken = 0;
atomic_int winners = 0;

static void *claim(void *arg) {
    (void)arg;
    if (atomic_exchange(&taken, 1) == 0)
        atomic_fetch_add(&winners, 1);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, claim, NULL);
    pthread_create(&b, NULL, claim, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(atomic_load(&winners) == 1);
    return 0;
}
