// args: --nondet symbolic
// expect: safe executions=48
// Three threads, each reading one boolean input that steers a
// thread-local branch, then incrementing a counter under one mutex:
// 3! = 6 Mazurkiewicz traces (the order in which the threads take the
// mutex) times 2 x 2 x 2 = 8 path classes = 48 executions. Here every
// class is one value, so `--nondet enumerate` (where the inputs are
// explorer choices) also runs 48 executions; symbolic inputs must not run
// more.
#include <assert.h>
#include <pthread.h>

extern _Bool __VERIFIER_nondet_bool(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *worker(void *arg) {
    (void)arg;
    int step;
    if (__VERIFIER_nondet_bool())
        step = 1;
    else
        step = 2;
    pthread_mutex_lock(&m);
    counter += step > 0;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t p[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&p[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(p[i], NULL);
    assert(counter == 3);
    return 0;
}
