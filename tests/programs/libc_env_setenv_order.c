// expect: bug assertion
// setenv and getenv under one lock (no race), but nothing orders main's
// getenv after the worker's setenv: main may see the variable unset.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;

static void *configure(void *arg) {
    (void)arg;
    pthread_mutex_lock(&env_lock);
    setenv("MODE", "fast", 1);
    pthread_mutex_unlock(&env_lock);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, configure, NULL);
    pthread_mutex_lock(&env_lock);
    const char *mode = getenv("MODE");
    pthread_mutex_unlock(&env_lock);
    pthread_join(t, NULL);
    assert(mode != NULL);
    return 0;
}
