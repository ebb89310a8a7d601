// predict: violations=1
// Fig. 1(b) of Wang et al. without the signal/wait (the paper's modified
// example): thread 1 runs atomic { x = 1; a = x + 1; } (t1 line 20, t2 line
// 21), thread 2 writes x = 3 (t5 line 28). Thread 1's only local pair on x is
// (t1, t2); a is accessed by thread 1 alone. Triple:
//   (T1 write x @20, T2 write x @28, T1 read x @21)  W-W-R
// Feasible as t1 t5 t2: nothing orders t5 after the transaction now, and
// t2 reads 3.
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int x = 0;
int a = 0;

static void *thread1(void *arg) {
    (void)arg;
    weft_atomic_begin();
    x = 1;
    a = x + 1;
    weft_atomic_end();
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    x = 3;
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
