// predict: violations=0
// predict-flags: --transactions locks
// Fixed twin of locks_mode_av.c: thread 1 reads x (line 18) and writes it
// (line 19) in one critical section of m (nested in big); thread 2 adds 10
// under m (line 28). Each thread's pair on x lies in one critical section
// of m and every access to x holds m, so no access can come between the
// two accesses of a pair.
#include <pthread.h>

int x = 0;
pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *thread1(void *arg) {
    (void)arg;
    pthread_mutex_lock(&big);
    pthread_mutex_lock(&m);
    int tmp = x;
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
