// args: --nondet symbolic
// expect: safe executions=4
// A symbolic branch on a value read from shared memory: thread 2 compares
// its input with what it loaded from `g`. Reversing the race between the
// store and the load (2 traces: r == 0 or r == 1) changes the branch
// condition, and each trace must explore both of its feasible sides
// (x == r and x != r): 2 x 2 = 4 executions.
#include <pthread.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);

int g;
int seen;

static void *writer(void *arg) {
    (void)arg;
    __atomic_store_n(&g, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    int x = __VERIFIER_nondet_int();
    int r = __atomic_load_n(&g, __ATOMIC_SEQ_CST);
    if (x == r)
        printf("equal\n");
    else
        printf("different\n");
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, writer, NULL);
    pthread_create(&b, NULL, reader, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
