// expect: safe executions=1
// expect-output: main 15
// `__thread` and `_Thread_local` variables: every thread has its own
// instance, starting from the initial value, so the threads' updates
// neither race nor interfere (and there is nothing to interleave).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

__thread int counter = 5;
_Thread_local int hits[2];

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 3; i++)
        counter++;
    hits[1]++;
    assert(counter == 8 && hits[1] == 1);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    counter += 10;
    pthread_join(a, 0);
    pthread_join(b, 0);
    printf("main %d\n", counter);
    assert(counter == 15 && hits[1] == 0);
    return 0;
}
