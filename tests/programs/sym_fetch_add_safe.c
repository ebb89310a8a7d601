// args: --nondet symbolic
// expect: safe executions=2
// Two threads add symbolic amounts (0 to 3) with atomic fetch-adds: the
// counter is the symbolic sum, at most 6 for every input: two executions,
// the two orders of the fetch-adds (they conflict).
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int counter;

void *add(void *arg) {
    (void)arg;
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 0 && v <= 3);
    __atomic_fetch_add(&counter, v, __ATOMIC_SEQ_CST);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, add, 0);
    pthread_create(&b, 0, add, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter <= 6);
    return 0;
}
