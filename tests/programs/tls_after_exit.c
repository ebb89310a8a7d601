// expect: bug memory
// A thread-local variable dies with its thread: reading it through a saved
// pointer after the join is a use after free.
#include <pthread.h>
#include <stdio.h>

_Thread_local int value = 1;
int *saved;

static void *worker(void *arg) {
    (void)arg;
    value = 2;
    saved = &value;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    printf("%d\n", *saved);
    return 0;
}
