// args: --no-race-check
// expect: safe
// The racy counter of race_counter.c without an assertion: with
// --no-race-check the data race is not reported, and nothing else fails.
#include <pthread.h>

int hits;

static void *worker(void *arg) {
    (void)arg;
    hits++;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
