// expect: safe
// expect-output: from worker
// String functions on a buffer shared between threads.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char message[32];

static void *worker(void *arg) {
    (void)arg;
    memset(message, 0, sizeof message);
    strcpy(message, "from worker");
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    assert(strcmp(message, "from worker") == 0);
    assert(strlen(message) == 11);
    puts(message);
    return 0;
}
