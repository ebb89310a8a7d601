// expect: bug assertion
// Buggy twin of condvar_while.c: the predicate is checked with `if`. A woken
// consumer can find its item already taken by the other consumer.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
int items = 0;

static void *consumer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    if (items == 0) /* should be while */
        pthread_cond_wait(&nonempty, &m);
    items--;
    assert(items >= 0);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, consumer, NULL);
    pthread_create(&b, NULL, consumer, NULL);
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        items++;
        pthread_cond_signal(&nonempty);
        pthread_mutex_unlock(&m);
    }
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
