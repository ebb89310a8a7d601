// expect: safe executions=2
// Main creates an empty thread and returns without joining: either main's
// return (ending the program) or the worker's exit comes first.
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    return 0;
}
