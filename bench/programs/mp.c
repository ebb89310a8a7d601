/*
 * mp: the message-passing litmus test with sequentially consistent atomics.
 *
 *   producer: data = k; flag = k;   consumer: f = flag; d = data;
 *
 * The producer publishes data before raising the flag, so a consumer that
 * sees flag == k must then see data >= k.  Each thread repeats its pattern
 * N times with k = 1..N (N = 1 is the classic test, with 3 Mazurkiewicz
 * traces).
 *
 * Correct program under SC (and under TSO): every execution passes its
 * assertions.
 * Parameter: -DN=<repetitions in each thread> (default 1).
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 1
#endif

static atomic_int data, flag;

static void *producer(void *arg) {
    (void)arg;
    for (int k = 1; k <= N; k++) {
        atomic_store(&data, k);
        atomic_store(&flag, k);
    }
    return 0;
}

static void *consumer(void *arg) {
    (void)arg;
    for (int k = 0; k < N; k++) {
        int f = atomic_load(&flag);
        int d = atomic_load(&data);
        assert(d >= f);
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, producer, 0);
    pthread_create(&b, 0, consumer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(atomic_load(&data) == N && atomic_load(&flag) == N);
    return 0;
}
