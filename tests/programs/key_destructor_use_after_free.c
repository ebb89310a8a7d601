// expect: bug memory
// The worker hands its thread-specific buffer to main, but the key's
// destructor frees it when the worker exits: main reads freed memory.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

pthread_key_t key;
int *shared;

static void *worker(void *arg) {
    (void)arg;
    int *mine = malloc(sizeof *mine);
    *mine = 3;
    pthread_setspecific(key, mine);
    shared = mine;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_key_create(&key, free);
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    printf("%d\n", *shared);
    return 0;
}
