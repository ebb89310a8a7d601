// predict: violations=0
// predict-flags: --transactions locks
// A limit of lock-inferred transactions. Thread 1 reads x under m (line
// 19), releases m, re-locks it and writes x (line 22); thread 2 adds 10 to
// x under m (line 30). The increment of thread 1 can lose thread 2's update,
// but with --transactions locks each outermost critical section is its own
// transaction, so thread 1 has two transactions with one access to x each
// and no local pair. Thread 2's pair (read@30, write@30) lies in
// one critical section of m, and thread 1's accesses hold m. Hence 0:
// nothing marks the intended atomic region (compare locks_mode_av.c).
#include <pthread.h>

int x = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *thread1(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int tmp = x;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    x = tmp + 1;
    pthread_mutex_unlock(&m);
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
