// lost_update_loop: a lost update deep in a loop.
// threads: 2 (besides main)
//
// Two threads each count N = 8 hits into the shared counter `hits`.  Each
// iteration fills the thread's own record (WORK independent stores) and then
// adds one to `hits` with an atomic fetch-add, except iteration K = 5, the
// "checkpoint" iteration, which takes a fast path: an atomic load of `hits`,
// then an atomic store of the value read plus one (its author believed
// checkpoints never overlap).  The final assert fails only if a thread stops
// between the load and the store of its iteration K while the other thread's
// increment lands in that one-step window; a preemption in any other
// iteration is harmless, since those increments are atomic.  The second
// thread first loads its configuration (SETUP independent stores), so under
// a fair random scheduler the first has long finished its loop before the
// second's first increment: the bug needs the first thread held back at
// exactly its checkpoint.
//
// Bug: lost update of `hits` in iteration K.  (c, v, t) = (1, 1, 2): one
// preemption, after the load of `hits` in iteration K; one variable (`hits`);
// two threads.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#define THREADS 2
#define N 8
#define K 5
#define WORK 4
#define SETUP 60

static atomic_int hits;
static int record[THREADS][WORK];
static int config[SETUP];

static void *counter(void *arg) {
    int id = (int)(intptr_t)arg;
    if (id == 1)
        for (int s = 0; s < SETUP; s++)
            config[s] = s;
    for (int i = 0; i < N; i++) {
        for (int w = 0; w < WORK; w++)
            record[id][w] = i;
        if (i == K) {
            /* checkpoint fast path: not one atomic step */
            int seen = atomic_load_explicit(&hits, memory_order_relaxed);
            atomic_store_explicit(&hits, seen + 1, memory_order_relaxed);
        } else {
            atomic_fetch_add(&hits, 1);
        }
    }
    return 0;
}

int main(void) {
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], 0, counter, (void *)(intptr_t)i);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], 0);
    assert(atomic_load(&hits) == THREADS * N);
    return 0;
}
