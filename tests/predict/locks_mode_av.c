// predict: violations=1
// predict-flags: --transactions locks
// Transactions are outermost critical sections. Thread 1 holds the coarse
// lock big for its whole update (line 24 to line 31: one transaction) but
// reads x (line 26) and writes it (line 29) in two separate critical sections
// of m. Thread 2 adds 10 to x under m only (line 38, one transaction with
// the local pair read@38, write@38). Triples:
//   (T1 read x @26, T2 write x @38, T1 write x @29)  R-W-W
// Feasible: thread 2's critical section fits between thread 1's two
// critical sections of m (it never takes big). (T1 read @26, T2 read @38,
// T1 write @29) is R-R-W, not reported. Thread 2's pair lies in one critical
// section of m, and every access of thread 1 to x holds m: no triple.
// Without the outer lock, thread 1's read and write would be two separate
// transactions with one access each and nothing would be reported (see
// locks_mode_split.c).
#include <pthread.h>

int x = 0;
pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *thread1(void *arg) {
    (void)arg;
    pthread_mutex_lock(&big);
    pthread_mutex_lock(&m);
    int tmp = x;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    x = tmp + 1;
    pthread_mutex_unlock(&m);
    pthread_mutex_unlock(&big);
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    x = x + 10;
    pthread_mutex_unlock(&m);
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
