// expect: safe
// expect-output: total 6
// Three workers created in a loop add their argument to a mutex-protected sum.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define WORKERS 3

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total = 0;

static void *add(void *arg) {
    int n = (int)(intptr_t)arg;
    pthread_mutex_lock(&m);
    total += n;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], NULL, add, (void *)(intptr_t)(i + 1));
    for (int i = 0; i < WORKERS; i++)
        pthread_join(t[i], NULL);
    assert(total == 6);
    printf("total %d\n", total);
    return 0;
}
