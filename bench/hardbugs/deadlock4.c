// deadlock4: a lock-order cycle through four mutexes among four threads.
//
// Four stations around a ring share four mutexes: station i locks its own
// mutex m[i], records that it is working, then locks its neighbour's
// m[(i + 1) % 4], moves one item from its bin to the neighbour's, and
// unlocks both.  Each pair of neighbours takes their shared mutex in a
// consistent order, so no two or three stations can deadlock; the cycle
// closes only when all four stations hold their own mutex at once:
//   S0 locks m0    <- preemption 1
//   S1 locks m1    <- preemption 2
//   S2 locks m2    <- preemption 3
//   S3 locks m3, then S3 waits for m0, S0 for m1, S1 for m2, S2 for m3.
// Every other interleaving completes and conserves the items.
//
// Bug: deadlock.  (c, v, t) = (3, 3, 4): three preemptions, each after a
// station's first lock; three variables (m0, m1, m2); four threads.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#define STATIONS 4

static pthread_mutex_t m[STATIONS] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
};
static int busy[STATIONS];
static int bin[STATIONS] = {1, 1, 1, 1};

static void *station(void *arg) {
    int i = (int)(intptr_t)arg;
    int next = (i + 1) % STATIONS;
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
