// expect: safe
// expect-output: consumed 2
// Two consumers wait for items with the predicate re-checked in a while
// loop; main produces two items, signalling once per item.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
int items = 0;
int consumed = 0;

static void *consumer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    while (items == 0)
        pthread_cond_wait(&nonempty, &m);
    items--;
    assert(items >= 0);
    consumed++;
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
    assert(items == 0);
    printf("consumed %d\n", consumed);
    return 0;
}
