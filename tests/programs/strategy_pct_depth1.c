// args: --strategy pct --pct-depth 1 --runs 1 --no-race-check
// expect: incomplete
// expect-limit: bound
// The program of strategy_pct_depth2.c under PCT with depth 1: no priority
// change points, so the highest-priority enabled thread always runs until it
// blocks or ends. Each worker then runs its load, its work and its store
// without another worker in between, and no increment is lost, whatever the
// priorities. The lost update needs a change point (depth 2). A random
// strategy without a bug never proves safety: incomplete, limit bound.
#include <assert.h>
#include <pthread.h>

#define WORK 4

int counter = 0;
int scratch[2][WORK];

static void *inc(void *arg) {
    int *mine = arg;
    int v = counter;
    for (int i = 0; i < WORK; i++)
        mine[i] = v + i; /* work between the read and the write */
    counter = v + 1;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, scratch[0]);
    pthread_create(&b, NULL, inc, scratch[1]);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
