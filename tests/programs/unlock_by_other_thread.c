// expect: bug pthread-misuse
// A thread unlocks a mutex held by another thread.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_unlock(&m); /* owned by main */
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    pthread_mutex_unlock(&m);
    return 0;
}
