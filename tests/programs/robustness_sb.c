// args: --check-robustness --no-race-check
// expect: bug robustness
// Store buffering with plain variables is not robust: under TSO both loads
// can read 0, an outcome no SC execution has. --check-robustness explores
// both models and reports that outcome with the TSO execution reaching it.
#include <pthread.h>
#include <stdio.h>

int x, y, r1, r2;

static void *left(void *arg) {
    (void)arg;
    x = 1;
    r1 = y;
    return NULL;
}

static void *right(void *arg) {
    (void)arg;
    y = 1;
    r2 = x;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, left, NULL);
    pthread_create(&b, NULL, right, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("r1=%d r2=%d\n", r1, r2);
    return 0;
}
