// expect: bug memory
// Check-then-act on a shared pointer: both threads can see it non-NULL and
// free it.
#include <pthread.h>
#include <stdlib.h>

char *buffer;

static void *release(void *arg) {
    (void)arg;
    if (buffer != NULL) {
        free(buffer);
        buffer = NULL;
    }
    return NULL;
}

int main(void) {
    pthread_t a, b;
    buffer = malloc(16);
    pthread_create(&a, NULL, release, NULL);
    pthread_create(&b, NULL, release, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
