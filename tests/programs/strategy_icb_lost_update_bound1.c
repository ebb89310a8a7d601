// args: --strategy icb --max-bound 1 --no-race-check
// expect: bug assertion
// expect-found: strategy=icb preemptions=1
// The program of strategy_icb_lost_update_bound0.c with bound 1. No schedule
// without preemptions loses an increment (each worker runs its load and store
// back to back), and this one has exactly one: main creates both workers and
// blocks in join (free switch), worker 1 loads 0, preempted (1) for worker 2,
// which loads 0, stores 1 and exits (free switch), worker 1 stores 1. The
// report must name the smallest count, 1.
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
