// args: --nondet symbolic
// expect: bug deadlock
// An input-controlled lock order: thread 1 takes b before a only when its
// input is 7, thread 2 always takes a before b. The deadlock needs that
// input and the interleaving where each thread holds its first mutex.
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
int work;

static void *t1(void *arg) {
    (void)arg;
    int x = __VERIFIER_nondet_int();
    pthread_mutex_t *first = &a, *second = &b;
    if (x == 7) {
        first = &b;
        second = &a;
    }
    pthread_mutex_lock(first);
    pthread_mutex_lock(second);
    work++;
    pthread_mutex_unlock(second);
    pthread_mutex_unlock(first);
    return NULL;
}

static void *t2(void *arg) {
    (void)arg;
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    work++;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
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
