// expect: safe executions=1
// expect-output: ok
// A loop that locks a mutex, checks a flag and unlocks again (GenMC's
// lock zero-net-effect loops): an iteration that finds the flag unset
// leaves the mutex as it found it, so main is spin-blocked until the setter
// locks or unlocks the mutex. The one complete execution finds the flag set
// on the first check.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ready, data;
static void *setter(void *arg) {
    (void)arg;
    data = 7;
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_mutex_unlock(&m);
    return NULL;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, setter, NULL);
    for (;;) {
        pthread_mutex_lock(&m);
        if (ready) {
            pthread_mutex_unlock(&m);
            break;
        }
        pthread_mutex_unlock(&m);
    }
    assert(data == 7);
    pthread_join(t, NULL);
    printf("ok\n");
    return 0;
}
