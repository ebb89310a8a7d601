// lost_update_loop: a lost update deep in a loop.
//
// Three threads each count N = 8 hits into the shared counter `hits`.  Every
// iteration takes `lock` around the increment, except iteration K = 5, the
// "checkpoint" iteration, which takes a fast path: a plain read of `hits`
// followed by a plain write of the value read plus one, outside the lock (its
// author believed checkpoints never overlap).  The final assert fails only if
// some thread is preempted between the read and the write of its iteration K
// and another thread writes `hits` in that window: a preemption in any other
// iteration is harmless, since those increments are locked.  The per-thread
// `progress` stores add independent steps, as real loop bodies would.
//
// Bug: lost update of `hits` in iteration K.  (c, v, t) = (1, 1, 2): one
// preemption, after the load of `hits` in iteration K; one variable (`hits`);
// two of the three threads involved.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#define THREADS 3
#define N 8
#define K 5

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int hits;
static int progress[THREADS];

static void *counter(void *arg) {
    int id = (int)(intptr_t)arg;
    for (int i = 0; i < N; i++) {
        progress[id] = i;
        if (i == K) {
            int seen = hits; /* checkpoint fast path: no lock */
            hits = seen + 1;
        } else {
            pthread_mutex_lock(&lock);
            hits = hits + 1;
            pthread_mutex_unlock(&lock);
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
    assert(hits == THREADS * N);
    return 0;
}
