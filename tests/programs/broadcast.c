// expect: safe
// expect-output: both released
// Correct twin of signal_instead_of_broadcast.c: broadcast wakes every waiter.
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int go = 0;

static void *waiter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    while (!go)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, waiter, NULL);
    pthread_create(&b, NULL, waiter, NULL);
    pthread_mutex_lock(&m);
    go = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    puts("both released");
    return 0;
}
