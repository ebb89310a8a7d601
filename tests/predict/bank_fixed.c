// predict: violations=0
// Fixed twin of bank_av.c: the check (line 18) and the withdrawal (line 19)
// run under one mutex inside the transaction markers. Every access to
// balance by either thread is inside a critical section of the same mutex,
// so no access of one thread can come between two accesses of the other
// thread's critical section: all four triples of bank_av.c are infeasible.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int balance = 100;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void withdraw(int amt) {
    __VERIFIER_atomic_begin();
    pthread_mutex_lock(&m);
    if (balance >= amt) {
        balance = balance - amt;
    }
    pthread_mutex_unlock(&m);
    __VERIFIER_atomic_end();
}

static void *thread1(void *arg) {
    (void)arg;
    withdraw(30);
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    withdraw(50);
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
