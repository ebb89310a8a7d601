// expect: safe executions=2
// expect-output: data 42
// Message passing where the reader waits with `nanosleep` between checks of
// the flag, its timespec initialised inside the loop (a private write of the
// same bytes every iteration). A sleep changes nothing: the reader is
// spin-blocked until the writer sets the flag. Two complete executions: the
// flag is set at once, or after one iteration (the first iteration changes
// the timespec from uninitialised to initialised, so only the second
// repeats it).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

atomic_int flag;
int data;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store(&flag, 1);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    while (!atomic_load(&flag)) {
        struct timespec ts = {0, 1000};
        nanosleep(&ts, NULL);
    }
    assert(data == 42);
    pthread_join(t, NULL);
    printf("data %d\n", data);
    return 0;
}
