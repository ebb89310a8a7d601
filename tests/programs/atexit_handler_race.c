// expect: bug data-race
// exit() runs the atexit handlers while other threads still run: a
// handler that reads what a worker writes, without a join, races with it.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int progress;

static void report(void) { printf("progress %d\n", progress); }

static void *worker(void *arg) {
    (void)arg;
    progress = 1;
    return NULL;
}

int main(void) {
    atexit(report);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    exit(0);
}
