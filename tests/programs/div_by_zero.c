// expect: bug undefined-behavior
// Integer division by zero in a worker thread.
#include <pthread.h>
#include <stdio.h>

int workers = 0; /* global, so the compiler cannot fold the division */
int total = 100;

static void *split(void *arg) {
    (void)arg;
    int share = total / workers;
    printf("share %d\n", share);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, split, NULL);
    pthread_join(t, NULL);
    return 0;
}
