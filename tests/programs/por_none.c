// args: --por none
// expect: safe executions=19
// two_stores.c with the explorer named explicitly: naive exhaustive DFS.
#include <pthread.h>

int x = 0, y = 0;

static void *set_x(void *arg) {
    (void)arg;
    x = 1;
    return NULL;
}

static void *set_y(void *arg) {
    (void)arg;
    y = 1;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, set_x, NULL);
    pthread_create(&b, NULL, set_y, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
