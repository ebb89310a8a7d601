// expect: bug data-race
// A worker changes the environment while main reads it: glibc's setenv
// and getenv are not safe to call concurrently.
#include <pthread.h>
#include <stdlib.h>

static void *configure(void *arg) {
    (void)arg;
    setenv("MODE", "fast", 1);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, configure, NULL);
    const char *mode = getenv("MODE");
    pthread_join(t, NULL);
    return mode != NULL;
}
