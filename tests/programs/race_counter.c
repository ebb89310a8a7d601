// expect: bug data-race
// Two threads increment a plain global without a lock: a data race (and,
// in some interleavings, a lost update).
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
