// expect: safe
// Correct twin of racy_double_free.c: check and free under one mutex.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

char *buffer;
int frees = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *release(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    if (buffer != NULL) {
        free(buffer);
        buffer = NULL;
        frees++;
    }
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    buffer = malloc(16);
    pthread_create(&a, NULL, release, NULL);
    pthread_create(&b, NULL, release, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(frees == 1 && buffer == NULL);
    return 0;
}
