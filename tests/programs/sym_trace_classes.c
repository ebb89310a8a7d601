// args: --nondet symbolic
// expect: safe executions=12
// Inputs that only steer thread-local computation: executions = (traces)
// x (feasible path classes). The only shared accesses are the increments
// of `counter` under the mutex, so there are 2 Mazurkiewicz traces (which
// thread takes the mutex first). Thread 1 has 3 path classes (x < 0,
// 0 <= x < 10, x >= 10) and thread 2 has 2 (y even, y odd); the classes
// of the two threads combine freely, so 3 x 2 = 6 classes, and
// 2 x 6 = 12 executions. (sym_trace_classes_bool.c checks the same
// arithmetic where enumeration can too.)
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *t1(void *arg) {
    (void)arg;
    int x = __VERIFIER_nondet_int();
    int a;
    if (x < 0)
        a = 1;
    else if (x < 10)
        a = 2;
    else
        a = 3;
    pthread_mutex_lock(&m);
    counter += a > 0;
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *t2(void *arg) {
    (void)arg;
    int y = __VERIFIER_nondet_int();
    int b = (y % 2 == 0) ? 10 : 20;
    if (b == 10)
        b = 1;
    else
        b = 1;
    pthread_mutex_lock(&m);
    counter += b;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t p1, p2;
    pthread_create(&p1, NULL, t1, NULL);
    pthread_create(&p2, NULL, t2, NULL);
    pthread_join(p1, NULL);
    pthread_join(p2, NULL);
    assert(counter == 2);
    return 0;
}
