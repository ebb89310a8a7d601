// expect: bug data-race
// A worker freads into a shared buffer while main reads the buffer
// without synchronisation.
#include <pthread.h>
#include <stdio.h>

char buf[16];

static void *worker(void *arg) {
    FILE *f = fopen("data/letters.txt", "r");
    fread(buf, 1, 10, f);
    fclose(f);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    char first = buf[0];
    pthread_join(t, NULL);
    printf("%d\n", first);
    return 0;
}
