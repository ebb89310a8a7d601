// expect: bug data-race
// Two threads each fgets a line from their own stream into one shared
// array, so their writes race.
#include <pthread.h>
#include <stdio.h>

char line[32];

static void *worker(void *arg) {
    FILE *f = fopen("data/lines.txt", "r");
    fgets(line, sizeof line, f);
    fclose(f);
    return arg;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%s", line);
    return 0;
}
