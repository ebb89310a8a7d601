// expect: safe executions=2
// Twin of race_counter.c with a mutex: no data race. Optimal DPOR explores
// exactly the two orders of the critical sections.
#include <pthread.h>

int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    hits++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return hits == 2 ? 0 : 1;
}
