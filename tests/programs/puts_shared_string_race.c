// expect: bug data-race
// puts reads the string it prints: a worker filling the buffer
// while main prints it, unsynchronised, is a data race.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char msg[16] = "empty";

static void *worker(void *arg) {
    (void)arg;
    strcpy(msg, "full");
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    puts(msg);
    pthread_join(t, NULL);
    return 0;
}
