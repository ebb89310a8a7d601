// expect: safe executions=1
// expect-output: 476707713 476707713
// rand_r with a seed per thread: each thread gets glibc's sequence, no
// interaction, one execution.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int got;

static void *worker(void *arg) {
    (void)arg;
    unsigned s = 1;
    got = rand_r(&s);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    unsigned s = 1;
    int mine = rand_r(&s);
    pthread_join(t, NULL);
    printf("%d %d\n", mine, got);
    return 0;
}
