// args: --nondet symbolic
// expect: bug data-race
// A data race for one input only: thread 1 skips the mutex when its input
// is 3, and then its store races with thread 2's locked store.
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

static void *t1(void *arg) {
    (void)arg;
    int x = __VERIFIER_nondet_int();
    if (x == 3) {
        g = 1;
    } else {
        pthread_mutex_lock(&m);
        g = 1;
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

static void *t2(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    g = 2;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t p1, p2;
    pthread_create(&p1, NULL, t1, NULL);
    pthread_create(&p2, NULL, t2, NULL);
    pthread_join(p1, NULL);
    pthread_join(p2, NULL);
    return 0;
}
