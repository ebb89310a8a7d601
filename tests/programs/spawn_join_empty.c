// expect: safe executions=1
// Main creates one thread that does nothing and joins it. The only visible
// operations are main's create and join and the two thread exits, and the
// join can run only after the worker's exit: exactly one interleaving.
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
