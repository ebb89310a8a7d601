// predict: violations=1
// A transaction written as a function: the whole body of
// __VERIFIER_atomic_transfer is one transaction. Thread 1 moves 30 from
// `from` (100) to `to`: it reads from (line 16), writes it (line 17), then
// reads and writes to (line 18). Thread 2 closes the account with a plain
// store from = 0 (line 29). Triple:
//   (T1 read from @16, T2 write from @29, T1 write from @17)  R-W-W
// Feasible: no synchronisation orders the store (thread 1 then writes 70
// over the 0). The pair on to has no remote access.
#include <pthread.h>

int from = 100;
int to = 0;

void __VERIFIER_atomic_transfer(int amt) {
    int tmp = from;
    from = tmp - amt;
    to = to + amt;
}

static void *thread1(void *arg) {
    (void)arg;
    __VERIFIER_atomic_transfer(30);
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    from = 0;
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, thread1, NULL);
    pthread_create(&t2, NULL, thread2, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
