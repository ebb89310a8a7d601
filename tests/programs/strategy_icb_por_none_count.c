// args: --strategy icb --por none --no-race-check
// expect: safe executions=69
// Preemption bounding without reduction runs every schedule once: each
// schedule has some preemption count, and the bound goes up until no
// schedule is cut, so the total is the number of all interleavings, the
// count `--por none` gives. Visible events: main create1 create2 join1
// join2 exit; worker k (k = 1, 2) store, store, exit, after create k and
// before join k. Main's create2 falls among worker 1's three events (between
// create1 and join1) at one of 4 places, p = 0..3 worker-1 events before it.
// Between create2 and join2 there are then m = 4 - p events (the worker-1
// events after create2, and join1), and worker 2's three events interleave
// with them in C(m+3, 3) ways: 35 + 20 + 10 + 4 = 69. By preemption count:
// 3 schedules with 0, 9 with 1, 20 with 2, 23 with 3, 11 with 4, 3 with 5.
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
