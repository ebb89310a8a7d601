// expect: bug assertion
// The main thread reads the workers' results without waiting at the
// barrier, so it can read before they are written.
// args: --no-race-check
#include <assert.h>
#include <pthread.h>

pthread_barrier_t bar;
int result;

static void *worker(void *arg) {
    (void)arg;
    result = 7;
    pthread_barrier_wait(&bar);
    return 0;
}

static void *other(void *arg) {
    (void)arg;
    pthread_barrier_wait(&bar);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_barrier_init(&bar, 0, 2);
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, other, 0);
    assert(result == 7);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
