// predict: violations=0
// Fig. 1(b) of Wang et al.: thread 1 runs atomic { x = 1; a = x + 1; }
// (t1 line 25, t2 line 26) and then signals; thread 2 waits for the signal
// and writes x = 3 (t5 line 41). The wait is proper POSIX code: a flag
// (ready) set under the mutex, waited for in a loop. The only candidate is
// (T1 write x @25, T2 write x @41, T1 read x @26), W-W-R, and it is infeasible:
// in the recorded run thread 2 reads ready = 1 at line 38 and never waits;
// to keep that path its read must follow thread 1's store to ready (line
// 29), which comes after t2, so t5 cannot precede t2. The accesses to ready
// are outside any transaction and give no triple.
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int x = 0;
int a = 0;
int ready = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *thread1(void *arg) {
    (void)arg;
    weft_atomic_begin();
    x = 1;
    a = x + 1;
    weft_atomic_end();
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    while (!ready)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
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
