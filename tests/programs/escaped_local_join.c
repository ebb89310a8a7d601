// expect: safe
// expect-output: value 7
// Correct twin of escaped_local_race.c: main reads the local after joining.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static void *worker(void *arg) {
    int *slot = arg;
    *slot = 7;
    return NULL;
}

int main(void) {
    int value = 0;
    pthread_t t;
    pthread_create(&t, NULL, worker, &value);
    pthread_join(t, NULL);
    assert(value == 7);
    printf("value %d\n", value);
    return 0;
}
