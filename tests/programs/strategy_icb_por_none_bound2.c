// args: --strategy icb --por none --max-bound 2 --no-race-check
// expect: incomplete executions=32
// expect-limit: bound
// The program of strategy_icb_por_none_count.c (69 schedules in all) with
// bound 2 and no reduction: exactly the schedules with at most 2 preemptions
// run, each once: 3 with 0 (main runs until it blocks in join1, then worker
// 1, main's join1 and worker 2; or worker 1 then worker 2; or worker 2 then
// worker 1), 9 with 1 and 20 with 2. Schedules with 3 to 5 preemptions were
// cut, so the verdict is incomplete with limit bound.
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;

static void *set_x(void *arg) {
    (void)arg;
    atomic_store(&x, 1);
    atomic_store(&x, 2);
    return NULL;
}

static void *set_y(void *arg) {
    (void)arg;
    atomic_store(&y, 1);
    atomic_store(&y, 2);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, set_x, NULL);
    pthread_create(&b, NULL, set_y, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
