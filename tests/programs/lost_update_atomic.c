// expect: safe
// Correct twin of lost_update.c with C11 atomics: atomic_fetch_add in one
// thread, ++ on an _Atomic int (also an atomic read-modify-write) in the other.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter = 0;

static void *inc_fetch_add(void *arg) {
    (void)arg;
    atomic_fetch_add(&counter, 1);
    return NULL;
}

static void *inc_operator(void *arg) {
    (void)arg;
    counter++;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc_fetch_add, NULL);
    pthread_create(&b, NULL, inc_operator, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(atomic_load(&counter) == 2);
    return 0;
}
