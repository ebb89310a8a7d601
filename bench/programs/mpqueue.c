/*
 * mpqueue(N): message passing through a single-producer single-consumer
 * ring buffer of 2 slots with plain (volatile) head and tail indices.  The
 * producer sends the messages 1..N, the consumer receives them and checks
 * each one; from N = 3 on the ring wraps and the producer also waits for
 * free slots.
 *
 *   producer: await tail - head < SIZE; buf[tail % SIZE] = k; tail = tail + 1;
 *   consumer: await tail != head; v = buf[head % SIZE]; head = head + 1;
 *
 * Under TSO stores become visible in program order and loads are not
 * reordered with each other, so the consumer that sees the new tail also
 * sees the message: correct without fences.  Under PSO the store to tail
 * can become visible before the store to the slot (store->store
 * reordering), and the consumer reads a stale slot.
 *
 * Built with -DFENCE, a release fence separates the message from the
 * publication of tail (a store-store barrier under PSO) and an acquire
 * fence follows the consumer's read of tail (for C11; TSO and PSO never
 * reorder loads), which makes it correct under SC, TSO and PSO.  With
 * -DFULL_FENCE both are __sync_synchronize() instead.
 *
 * Each index is written by one thread only, which keeps its own copy, so
 * each wait polls one location and weft recognises it as a spin.
 *
 * Without FENCE: correct under SC and TSO, wrong message (assertion) under
 * PSO.  With -DFENCE (or -DFULL_FENCE): correct under all three.
 * The program is racy on purpose: check it with --no-race-check.
 * Parameter: -DN=<number of messages> (default 2).
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 2
#endif

#define SIZE 2

#if defined(FULL_FENCE)
#define release_fence() __sync_synchronize()
#define acquire_fence() __sync_synchronize()
#elif defined(FENCE)
#define release_fence() __atomic_thread_fence(__ATOMIC_RELEASE)
#define acquire_fence() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#else
#define release_fence() ((void)0)
#define acquire_fence() ((void)0)
#endif

static volatile int buf[SIZE], head, tail;

static void *producer(void *arg) {
    (void)arg;
    int t = 0; /* == tail: only the producer writes it */
    for (int k = 1; k <= N; k++) {
        while (t - head == SIZE)
            ;
        buf[t % SIZE] = k;
        release_fence();
        tail = ++t;
    }
    return 0;
}

static void *consumer(void *arg) {
    (void)arg;
    int h = 0; /* == head: only the consumer writes it */
    for (int k = 1; k <= N; k++) {
        while (tail == h)
            ;
        acquire_fence();
        int v = buf[h % SIZE];
        assert(v == k);
        head = ++h;
    }
    return 0;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    assert(head == N && tail == N);
    return 0;
}
