// expect: safe
// Correct twin of lost_update.c with the legacy __sync builtins.
#include <assert.h>
#include <pthread.h>

int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    __sync_fetch_and_add(&counter, 1);
    __sync_synchronize();
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(__sync_add_and_fetch(&counter, 0) == 2);
    return 0;
}
