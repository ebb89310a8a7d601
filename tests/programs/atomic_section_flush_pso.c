// args: --mm pso --no-race-check --por none
// expect: safe
// A fills two locations of its PSO store buffer inside its atomic section,
// then waits for the mutex, a barrier: only its own buffer threads may
// run, and only those with a store left to flush. Once one had flushed,
// it was still reported enabled and stepping it crashed weft.
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x, y;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *a(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    x = 1;
    y = 1;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    __VERIFIER_atomic_end();
    return 0;
}
static void *b(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
