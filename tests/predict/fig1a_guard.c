// predict: violations=0
// Fig. 1(a) of Wang et al.: thread 1 runs atomic { a = x; x = a + 1; }
// (t1 line 24, t2 line 25); thread 2 runs b = x; if (b > 0) x = 5;
// (t3 line 32, t4 line 33, t5 line 34), with x initially 0. The recorded run
// is t1 t2 t3 t4 t5 (thread 1 first): t1 reads 0, t2 writes 1, t3 reads 1,
// the branch is taken, t5 writes 5. This is also the paper's trace.
// Only thread 1 has a transaction, with the single local pair (t1, t2).
// Candidates: (t1, t3, t2) is R-R-W, serializable, not reported.
// (T1 read x @24, T2 write x @34, T1 write x @25) is R-W-W but infeasible: it
// needs t1 < t5 < t2, and t3, t4 precede t5, so t3 runs before t2, the
// only other write, and reads the initial 0; then b > 0 is false and thread
// 2 leaves its recorded path at t4, before t_c' = t2. Hence 0, the paper's
// claim holds for weft's recorded order.
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
    if (b > 0)
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
