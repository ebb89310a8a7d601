// expect: safe executions=2
// expect-output: 1804289383 846930886
// Two threads each draw once: two orders, each a valid run. rand() locks
// internally in glibc, so the draws synchronise and the handoff through
// `drawn` is not a race.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int drawn;

static void *worker(void *arg) {
    (void)arg;
    drawn = rand();
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int mine = rand();
    pthread_join(t, NULL);
    int lo = mine < drawn ? mine : drawn, hi = mine < drawn ? drawn : mine;
    printf("%d %d\n", hi, lo);
    return 0;
}
