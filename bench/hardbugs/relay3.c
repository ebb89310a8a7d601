// relay3: an ordering bug that needs three threads in one relative order.
// threads: 3 (besides main)
//
// A relay of three runners.  The first runner warms up, hands over the baton
// (`baton = 1`) and then records that it has finished (`finished = 1`).  The
// second warms up and, if it finds the baton at 1, passes it on (`baton =
// 2`).  The third warms up and, if it finds the baton at 2, asserts that the
// first runner has finished: the author assumed that "the baton reached me"
// implies "the first leg is over".  The assert fails only when, in the short
// window between the first runner's two stores, the second runner reads and
// passes the baton and then the third reads both variables:
//   first: baton = 1                      <- preemption
//   second: reads 1, baton = 2
//   third: reads baton == 2, finished == 0  -> assert fails
// Any other relative order of the three threads' last steps passes.  The
// warm-up stores (one slot per runner) are independent steps that put the
// three critical steps deep in each thread.  The runners are started in the
// order second, third, first, so the order the bug needs is neither the
// creation order nor its reverse.
//
// Bug: ordering violation.  (c, v, t) = (1, 1, 3): one preemption, after the
// first runner's store to `baton`; one variable (`baton`); three threads.
#include <assert.h>
#include <pthread.h>

#define WARMUP 6

static int baton;
static int finished;
static int warmup[3];

static void *first(void *arg) {
    (void)arg;
    for (int i = 0; i < WARMUP; i++)
        warmup[0] = i;
    baton = 1;
    finished = 1;
    return 0;
}

static void *second(void *arg) {
    (void)arg;
    for (int i = 0; i < WARMUP; i++)
        warmup[1] = i;
    if (baton == 1)
        baton = 2;
    return 0;
}

static void *third(void *arg) {
    (void)arg;
    for (int i = 0; i < WARMUP; i++)
        warmup[2] = i;
    if (baton == 2)
        assert(finished == 1);
    return 0;
}

int main(void) {
    pthread_t a, b, c;
    pthread_create(&b, 0, second, 0);
    pthread_create(&c, 0, third, 0);
    pthread_create(&a, 0, first, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
