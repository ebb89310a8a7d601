// expect: bug deadlock
// expect-message: loops forever
// A thread reads `turn` once and then waits on its register forever:
// `while (t != 0) {}` has no visible operation, so no other thread can ever
// end it. weft sees the loop come back to the same state and makes the
// thread hang (instead of running it into --max-steps); main, which joins
// it, then waits forever too.
#include <pthread.h>

int turn = 1;

static void *waiter(void *arg) {
    (void)arg;
    int t = turn;
    while (t != 0) {
    }
    return 0;
}

int main(void) {
    pthread_t h;
    pthread_create(&h, 0, waiter, 0);
    pthread_join(h, 0);
    return 0;
}
