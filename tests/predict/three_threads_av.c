// predict: violations=2
// Three workers. Thread 1 increments x in a transaction: it reads x (line
// 20) and writes it (line 21). Threads 2 and 3 each store to x once
// (10 at line 28, 20 at line 34), without synchronisation. Thread 1's only
// local pair is (read@20, write@21), and each remote write gives its own
// triple. Triples:
//   (T1 read x @20, T2 write x @28, T1 write x @21)  R-W-W
//   (T1 read x @20, T3 write x @34, T1 write x @21)  R-W-W
// Both feasible (no branches, no locks). Recorded run: thread 1, 2, then 3.
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int x = 0;

static void *thread1(void *arg) {
    (void)arg;
    weft_atomic_begin();
    int tmp = x;
    x = tmp + 1;
    weft_atomic_end();
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    x = 10;
    return NULL;
}

static void *thread3(void *arg) {
    (void)arg;
    x = 20;
    return NULL;
}

int main(void) {
    pthread_t t1, t2, t3;
    pthread_create(&t1, NULL, thread1, NULL);
    pthread_create(&t2, NULL, thread2, NULL);
    pthread_create(&t3, NULL, thread3, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_join(t3, NULL);
    return 0;
}
