// expect: bug assertion
// A hand-rolled "once" with a plain flag instead of pthread_once: both
// threads can see the flag clear and run the initialiser.
// args: --no-race-check
#include <assert.h>
#include <pthread.h>

int initialised, runs;

static void *worker(void *arg) {
    (void)arg;
    if (!initialised) {
        runs++;
        initialised = 1;
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(runs == 1);
    return 0;
}
