// args: --nondet fixed
// expect: incomplete executions=2
// expect-limit: nondet
// With `--nondet fixed`, only the executions in which the worker sees the flag set draw a
// nondeterministic value; one such execution is enough to make a bug-free
// exploration incomplete.
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int flag;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int f = flag;
    pthread_mutex_unlock(&m);
    if (f) {
        int v = __VERIFIER_nondet_int();
        assert(v != 7);
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
