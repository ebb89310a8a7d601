// expect: bug data-race
// args: --env NAME=abc
// The string getenv returns is shared by every thread: two threads that
// edit it in place race.
#include <pthread.h>
#include <stdlib.h>

static void *shout(void *arg) {
    (void)arg;
    char *v = getenv("NAME");
    v[0] = 'A';
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, shout, NULL);
    pthread_create(&b, NULL, shout, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
