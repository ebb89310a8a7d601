// predict: violations=1
// Fig. 1(a) of Wang et al. with the guard changed to b >= 0 (the paper's
// modified example). Thread 1: atomic { a = x; x = a + 1; } (t1 line 21, t2
// line 22); thread 2: b = x; if (b >= 0) x = 5; (t3 line 29, t4 line 30, t5
// line 31); x starts at 0. Recorded run t1 t2 t3 t4 t5 (reads 0, writes 1,
// reads 1, branch taken, writes 5). Thread 1's only local pair is (t1, t2):
//   (T1 read x @21, T2 write x @31, T1 write x @22)  R-W-W
// is feasible as t1 t3 t4 t5 t2: t3 reads 0, and 0 >= 0 keeps thread 2 on
// its recorded path; t5 writes 5, then t2 overwrites it with 1.
// (t1, t3, t2) is R-R-W and not reported. Hence 1.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x = 0;

static void *thread1(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    int a = x;
    x = a + 1;
    __VERIFIER_atomic_end();
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    int b = x;
    if (b >= 0)
        x = 5;
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
