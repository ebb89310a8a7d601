// args: --check-robustness --no-race-check
// expect: bug assertion robustness
// expect-bugs: 2
// Store buffering with an assertion that only TSO breaks: the assertion
// failure is reported as the bug it is (with a TSO witness, noted as
// found under TSO only), and the outcome it ends in as a robustness bug.
#include <assert.h>
#include <pthread.h>

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
    assert(r1 == 1 || r2 == 1);
    return 0;
}
