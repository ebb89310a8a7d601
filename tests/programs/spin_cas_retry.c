// expect: safe executions=2
// expect-output: counter 2
// A compare-exchange spin lock whose expected value lives in memory (a field
// of a local struct, which stays on the stack): a failed compare-exchange
// writes nothing shared, and the retry stores the same 0 and the same old
// value into the private field each time. The waiting worker is spin-blocked
// until the release; one execution per order of the workers.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

atomic_int lock;
int counter;

struct attempt {
    int expected;
    int tries;
};

static void *worker(void *arg) {
    (void)arg;
    struct attempt a = {0, 0};
    do {
        a.expected = 0;
    } while (!atomic_compare_exchange_weak(&lock, &a.expected, 1));
    counter++;
    atomic_store(&lock, 0);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    assert(counter == 2);
    printf("counter %d\n", counter);
    return 0;
}
