// expect: bug data-race
// Two threads store printf's character count (%n) into the same global
// without synchronisation: the %n stores are writes that race.
#include <pthread.h>
#include <stdio.h>

int count;

static void *work(void *arg) {
    printf("%s%n\n", (const char *)arg, &count);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, work, "one");
    pthread_create(&b, NULL, work, "three");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
