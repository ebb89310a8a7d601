// args: --strategy icb --max-bound 0 --no-race-check
// expect: incomplete
// expect-limit: bound
// Two unsynchronised increments (load, then store). With no preemption a
// thread switch happens only when the running thread blocks or ends: main
// creates both workers and blocks in the first join, then each worker runs
// its load and store back to back, so no increment is lost. The lost update
// needs a switch between one worker's load and its store while that worker
// could go on: one preemption. Bound 0 misses it, and since schedules with
// preemptions were left unexplored the verdict is incomplete, never safe.
#include <assert.h>
#include <pthread.h>

int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    counter++;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
