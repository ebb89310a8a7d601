// args: --nondet symbolic
// expect: bug data-race
// Race detection stays object-grained with a symbolic pointer: thread 1
// stores through a pointer its input aims at `a` or `b`; thread 2 writes
// `b` without synchronisation. Only the one input that aims at `b`
// (x == 3) races, and the store must be resolved per object to see it
// (picking one concrete pointer would most likely miss it).
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int a, b;

static void *t1(void *arg) {
    (void)arg;
    int x = __VERIFIER_nondet_int();
    int *p = x == 3 ? &b : &a;
    *p = 1;
    return NULL;
}

static void *t2(void *arg) {
    (void)arg;
    b = 2;
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
