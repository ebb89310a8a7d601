// args: --no-race-check -- -DN=3
// expect: safe
// Burns and Lynch's mutual exclusion for two threads, each entering three
// times (the benchmark program burns.c). Thread 1 retries its outer loop
// when it sees thread 0's flag raised; while it does, thread 0 lowers the
// flag again. An iteration that read the flag as 1 and comes back to find
// it 0 did not repeat itself: another thread changed what it read during
// the iteration. Spin detection once compared only the values before the
// iteration with the values after it, blocked thread 1 there and reported a
// deadlock. Correct under SC (racy on purpose, hence --no-race-check).
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

#ifndef N
#define N 1
#endif

static volatile int flag[2], in_cs;

static void lock(int me) {
    if (me == 0) {
        flag[0] = 1;
        while (flag[1])
            ;
        return;
    }
    for (;;) {
        flag[1] = 0;
        while (flag[0])
            ;
        flag[1] = 1;
        if (!flag[0])
            return;
    }
}

static void *worker(void *arg) {
    int me = (int)(intptr_t)arg;
    for (int k = 0; k < N; k++) {
        lock(me);
        in_cs++;
        assert(in_cs == 1);
        in_cs--;
        flag[me] = 0;
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)(intptr_t)0);
    pthread_create(&b, 0, worker, (void *)(intptr_t)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
