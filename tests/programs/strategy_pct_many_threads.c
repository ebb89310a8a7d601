// args: --strategy pct --pct-depth 2 --runs 200 --seed 1 --no-race-check
// expect: bug assertion
// expect-found: strategy=pct seed=1 depth=2
// Twelve workers increment a shared counter without synchronisation (load,
// two visible stores of work, store). Far too many interleavings for an
// exhaustive search to be quick, but the lost update has depth 2: PCT loses
// an increment whenever its change point falls in the window of a worker
// that is not the last to run, which another worker then overtakes.
// Modelled with a change point uniform over the ~86 steps of a run, over a
// third of the runs fail; 200 runs find it.
#include <assert.h>
#include <pthread.h>

#define WORKERS 12

int counter = 0;
int scratch[WORKERS][2];

static void *inc(void *arg) {
    int *mine = arg;
    int v = counter;
    mine[0] = v;
    mine[1] = v + 1;
    counter = v + 1;
    return NULL;
}

int main(void) {
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], NULL, inc, scratch[i]);
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], NULL);
    assert(counter == WORKERS);
    return 0;
}
