// expect: bug data-race
// Two threads sscanf into the same global without a lock.
#include <pthread.h>
#include <stdio.h>

int value;

static void *parse(void *arg) {
    sscanf((const char *)arg, "%d", &value);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, parse, "1");
    pthread_create(&b, NULL, parse, "2");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
