// prodcons_if: a consumer waits on a condition variable with `if`, not
// `while`.
// threads: 3 (besides main)
// weft-args: --no-spurious-wakeups
//
// One producer puts two items into a buffer, signalling `nonempty` after
// each; two consumers take one item each.  A consumer that finds the buffer
// empty waits once and, when woken, takes an item without re-checking.  A
// signal only makes the woken consumer runnable: another consumer can take
// the lock first and empty the buffer.
//   C1: buffer empty, waits
//   P:  puts item 1, signals (C1 woken), unlocks    <- preemption
//   C2: takes item 1
//   C1: reacquires the lock and "takes" from an empty buffer -> assert fails
// Had the producer run on, it would have put item 2 and both consumers
// would have found one.  The second consumer first opens its output (SETUP
// independent stores), so it rarely arrives in that window by chance.  The
// program is run with --no-spurious-wakeups (the `weft-args` line above):
// with spurious wakeups a lone consumer already breaks, which is a
// different, shallower bug.
//
// Bug: stolen wakeup.  (c, v, t) = (1, 1, 3): one preemption, after the
// producer's first unlock; one variable (the mutex); three threads.
#include <assert.h>
#include <pthread.h>

#define ITEMS 2
#define SETUP 30

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
static int buffer[ITEMS];
static int count;
static int taken[2];
static int out[SETUP];

static void *producer(void *arg) {
    (void)arg;
    for (int i = 0; i < ITEMS; i++) {
        pthread_mutex_lock(&m);
        buffer[count] = i + 1;
        count++;
        pthread_cond_signal(&nonempty);
        pthread_mutex_unlock(&m);
    }
    return 0;
}

static void *consumer(void *arg) {
    int id = arg != 0;
    if (id == 1)
        for (int s = 0; s < SETUP; s++)
            out[s] = s; /* the second consumer opens its output first */
    pthread_mutex_lock(&m);
    if (count == 0) /* should be while */
        pthread_cond_wait(&nonempty, &m);
    assert(count > 0);
    count--;
    taken[id] = buffer[count];
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t p, c1, c2;
    pthread_create(&c1, 0, consumer, (void *)0);
    pthread_create(&c2, 0, consumer, (void *)1);
    pthread_create(&p, 0, producer, 0);
    pthread_join(c1, 0);
    pthread_join(c2, 0);
    pthread_join(p, 0);
    assert(taken[0] + taken[1] == 3);
    return 0;
}
