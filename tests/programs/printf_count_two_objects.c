// expect: bug data-race
// A printf whose %n conversions store into two different shared objects:
// the event covers the first target (not the memory between them), and
// the race with the worker's write of it is found.
#include <pthread.h>
#include <stdio.h>

int a;
char pad[1 << 20];
int b;

static void *worker(void *arg) {
    (void)arg;
    a = 7;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    printf("x%ny%n\n", &a, &b);
    pthread_join(t, NULL);
    return 0;
}
