// args: --strategy pct --pct-depth 2 --runs 200 --seed 1 --no-race-check
// expect: bug assertion
// expect-found: strategy=pct seed=1 depth=2
// A lost update of depth 2: one ordering constraint beyond the initial
// priorities (a worker that has loaded the counter must be overtaken before
// its store). PCT with depth 2 runs the threads by random priorities and
// lowers the running thread at one random step. The bug shows when that
// step falls in a worker's window between its load and its store (four
// visible stores to the worker's scratch slots widen it) while the other
// worker has not run yet: that worker then overtakes and its increment is
// overwritten. Modelled with a change point uniform over the ~20 steps of
// a run, about a quarter of the runs fail, so 200 runs find it with any
// seed.
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
