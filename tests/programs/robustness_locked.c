// args: --check-robustness --mm pso
// expect: safe
// Fully locked code is robust: every PSO outcome is also an SC outcome.
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y;

static void *left(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    x = 1;
    y = x + 1;
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *right(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    y = 5;
    x = y;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, left, NULL);
    pthread_create(&b, NULL, right, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("x=%d y=%d\n", x, y);
    return 0;
}
