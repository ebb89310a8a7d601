// predict: violations=0
// Fixed twin of counter_split_av.c: the read (line 16) and the write (line
// 17) of each increment are in one critical section, so the other thread's
// accesses to counter (also under the mutex) cannot come between them.
#include <pthread.h>

extern void weft_atomic_begin(void);
extern void weft_atomic_end(void);

int counter = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void increment(int step) {
    weft_atomic_begin();
    pthread_mutex_lock(&m);
    int tmp = counter;
    counter = tmp + step;
    pthread_mutex_unlock(&m);
    weft_atomic_end();
}

static void *thread1(void *arg) {
    (void)arg;
    increment(1);
    return NULL;
}

static void *thread2(void *arg) {
    (void)arg;
    increment(2);
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
