// args: --check-robustness --no-race-check
// expect: safe
// Robust: r2 is always 0 and r1 can be 0 or 1 under SC and TSO alike. The
// two threads print one line each; which line comes first depends on when
// each thread's invisible printf runs, which the explorers do not order,
// and it differs between the SC and the TSO exploration. Outcomes compare
// each thread's output, not the interleaving of the lines, so no outcome
// is reported as non-SC.
#include <pthread.h>
#include <stdio.h>

int x, y, r1, r2;

static void *left(void *arg) {
    (void)arg;
    r1 = y;
    printf("left\n");
    return NULL;
}

static void *right(void *arg) {
    (void)arg;
    y = 1;
    r2 = x;
    printf("right\n");
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, left, NULL);
    pthread_create(&b, NULL, right, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
