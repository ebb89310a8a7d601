// predict: violations=4
// Bank account, unprotected check-then-withdraw. Thread 1 withdraws 30 and
// thread 2 withdraws 50 from a balance of 100, each in one transaction. The
// recorded run is serial (thread 1 leaves 70, thread 2 leaves 20). Each
// transaction reads balance at line 26 (the check), then reads and writes
// it at line 27, so each thread has two consecutive local pairs,
// (read@26, read@27) and (read@27, write@27). Of the other thread's three
// accesses only its write makes a non-serializable pattern (its two reads
// give R-R-R or R-R-W). Triples:
//   (T1 read balance @26, T2 write balance @27, T1 read balance @27)   R-W-R
//   (T1 read balance @27, T2 write balance @27, T1 write balance @27)  R-W-W
//   (T2 read balance @26, T1 write balance @27, T2 read balance @27)   R-W-R
//   (T2 read balance @27, T1 write balance @27, T2 write balance @27)  R-W-W
// All four are feasible: 30 + 50 <= 100, so both checks pass whatever value
// they read and no thread leaves its recorded path. The amounts differ so
// that no two writes in these reorderings store the same value.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int balance = 100;

static void withdraw(int amt) {
    __VERIFIER_atomic_begin();
    if (balance >= amt) {
        balance = balance - amt;
    }
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
