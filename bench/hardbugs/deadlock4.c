// deadlock4: a lock-order cycle through four mutexes among four threads.
// threads: 4 (besides main)
//
// Four stations around a ring share four mutexes.  Station i first prepares
// i * PREP items of its own (independent stores, so the stations reach the
// ring at different times), then locks its own mutex m[i], records that it
// is working, locks its neighbour's m[(i + 1) % 4], moves one item from its
// bin to the neighbour's, and unlocks both.  Each pair of neighbours takes
// their shared mutex in a consistent order, so no two or three stations can
// deadlock; the cycle closes only when all four stations hold their own
// mutex at once.  With a single preemption that takes one order, against
// the ring's direction (the switches at blocked locks are not preemptions):
//   S0 locks m0                                  <- the one preemption
//   S3 locks m3, then blocks on m0
//   S2 locks m2, then blocks on m3
//   S1 locks m1, then blocks on m2; S0 blocks on m1: deadlock.
// (First locks in the ring's direction need three preemptions.)  Every
// interleaving in which some station gets both mutexes completes.  Under a
// fair random scheduler S0 is usually done before S3 has prepared.
//
// Bug: deadlock.  (c, v, t) = (1, 1, 4): one preemption, after S0's first
// lock; one variable (m0); four threads, in one order.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#define STATIONS 4
#define PREP 8

static pthread_mutex_t m[STATIONS] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
};
static int busy[STATIONS];
static int prepared[STATIONS][PREP * (STATIONS - 1)];
static int bin[STATIONS] = {1, 1, 1, 1};

static void *station(void *arg) {
    int i = (int)(intptr_t)arg;
    int next = (i + 1) % STATIONS;
    for (int p = 0; p < i * PREP; p++)
        prepared[i][p] = 1;
    pthread_mutex_lock(&m[i]);
    busy[i] = 1;
    pthread_mutex_lock(&m[next]);
    bin[i] -= 1;
    bin[next] += 1;
    busy[i] = 0;
    pthread_mutex_unlock(&m[next]);
    pthread_mutex_unlock(&m[i]);
    return 0;
}

int main(void) {
    pthread_t t[STATIONS];
    for (int i = 0; i < STATIONS; i++)
        pthread_create(&t[i], 0, station, (void *)(intptr_t)i);
    for (int i = 0; i < STATIONS; i++)
        pthread_join(t[i], 0);
    int total = 0;
    for (int i = 0; i < STATIONS; i++)
        total += bin[i];
    assert(total == STATIONS);
    return 0;
}
