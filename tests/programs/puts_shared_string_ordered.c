// expect: safe executions=2
// expect-output: empty
// puts reads the string it prints. Under the mutex the two orders are both
// explored (the worker's copy before or after the print), and neither is a
// race; the output shows one of them.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char msg[16] = "empty";
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    strcpy(msg, "full");
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    puts(msg);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
