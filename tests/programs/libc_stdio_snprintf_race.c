// expect: bug data-race
// Two threads format into the same shared buffer without a lock: the
// snprintf calls race.
#include <pthread.h>
#include <stdio.h>

char shared[32];

static void *worker(void *arg) {
    snprintf(shared, sizeof shared, "thread %d", (int)(long)arg);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1L);
    pthread_create(&b, NULL, worker, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%s\n", shared);
    return 0;
}
