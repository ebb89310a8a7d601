// expect: safe
// expect-output: worker: nan EDOM
// expect-output: main: 1.414214 errno 0
// libm reports domain errors through the calling thread's errno: a worker's
// sqrt(-1) sets its own errno to EDOM and leaves main's alone.
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>

static void *worker(void *arg) {
    (void)arg;
    errno = 0;
    double r = sqrt(-1.0);
    printf("worker: %s %s\n", r != r ? "nan" : "number", errno == EDOM ? "EDOM" : "?");
    return NULL;
}

int main(void) {
    pthread_t t;
    errno = 0;
    pthread_create(&t, NULL, worker, NULL);
    double r = sqrt(2.0);
    pthread_join(t, NULL);
    printf("main: %f errno %d\n", r, errno);
    return 0;
}
