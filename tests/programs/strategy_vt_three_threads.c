// args: --strategy vt --no-race-check
// expect: bug assertion
// expect-found: strategy=vt v=1 t=3 preemptions=0
// An ordering bug among three threads: main creates the producer first and
// the consumer second, and the consumer wrongly assumes that the producer
// has already published. It fails only if the consumer loads ready before
// the producer stores it, i.e. when the producer has the lowest priority of
// the three (main, consumer, producer or consumer, main, producer): main
// must not let the producer run at its creation, and the consumer must run
// before it. With t = 2 the orders are ascending (main, producer, consumer)
// and descending (consumer, producer, main) thread ids, and in both the
// producer stores before the consumer runs (with descending ids it runs as
// soon as it is created). A v = 1 preemption cannot help: the producer's
// only access is the store itself and the consumer's only access is the
// load that fails. With t = 3 all six orders of the three threads run, and
// round (1,3) finds the bug with no preemption.
#include <assert.h>
#include <pthread.h>

int ready = 0;

static void *producer(void *arg) {
    (void)arg;
    ready = 1;
    return NULL;
}

static void *consumer(void *arg) {
    (void)arg;
    assert(ready == 1); /* assumes the producer, created first, ran first */
    return NULL;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return 0;
}
