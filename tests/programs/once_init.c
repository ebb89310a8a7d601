// expect: safe
// expect-output: init ran 1 times
// Three threads call pthread_once with the same control: the init routine
// runs exactly once, and every caller returns only after it finished, so
// each sees the configuration it set (no data race).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int config, runs;

static void init(void) {
    runs++;
    config = 42;
}

static void *worker(void *arg) {
    (void)arg;
    assert(pthread_once(&once, init) == 0);
    assert(config == 42);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    worker(0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    printf("init ran %d times\n", runs);
    assert(runs == 1);
    return 0;
}
