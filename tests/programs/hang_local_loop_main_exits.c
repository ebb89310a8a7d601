// expect: safe executions=2
// A thread that loops forever without a visible operation hangs; main does
// not wait for it, and its return ends the process (and the thread), as
// natively. Without hang detection the loop ran into --max-steps.
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
    return 0;
}
