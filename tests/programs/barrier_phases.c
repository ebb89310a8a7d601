// expect: safe
// expect-output: serial 2
// Three threads each write their own slot, meet at a barrier, then read the
// others' slots: the barrier orders every write before every read (no data
// race). Exactly one thread per generation gets
// PTHREAD_BARRIER_SERIAL_THREAD; the barrier is used twice.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#define N 3
pthread_barrier_t bar;
int slot[N];
int serial;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    int me = (int)(long)arg;
    slot[me] = me + 1;
    for (int round = 0; round < 2; round++) {
        int r = pthread_barrier_wait(&bar);
        assert(r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD);
        if (r == PTHREAD_BARRIER_SERIAL_THREAD) {
            pthread_mutex_lock(&m);
            serial++;
            pthread_mutex_unlock(&m);
        }
    }
    int sum = 0;
    for (int i = 0; i < N; i++)
        sum += slot[i];
    assert(sum == 6);
    return 0;
}

int main(void) {
    pthread_t t[N];
    assert(pthread_barrier_init(&bar, 0, N) == 0);
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    printf("serial %d\n", serial);
    assert(serial == 2);
    pthread_barrier_destroy(&bar);
    return 0;
}
