// expect: bug data-race
// Two threads parse with endptr pointing at the same global, unlocked:
// the writes of *endptr race.
#include <pthread.h>
#include <stdlib.h>

char *end;

static void *parse(void *arg) {
    strtod((const char *)arg, &end);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, parse, "1.5");
    pthread_create(&b, NULL, parse, "2.5");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
