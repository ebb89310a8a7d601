// expect: safe
// Returning from main ends the program even though a worker is blocked on a
// mutex main still holds: that is not a deadlock.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, NULL, worker, NULL);
    return 0; /* still holding m; the worker never gets it */
}
