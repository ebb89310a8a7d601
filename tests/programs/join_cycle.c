// expect: bug deadlock
// A worker joins the main thread while main joins the worker.
#include <pthread.h>

pthread_t main_thread;

static void *worker(void *arg) {
    (void)arg;
    pthread_join(main_thread, NULL);
    return NULL;
}

int main(void) {
    pthread_t t;
    main_thread = pthread_self();
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
