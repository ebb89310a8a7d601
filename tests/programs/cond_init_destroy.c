// expect: safe
// expect-output: got 99
// A heap-allocated channel whose mutex and condition variable are set up with
// pthread_mutex_init / pthread_cond_init and torn down after use.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct channel {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    int full;
    int value;
};

static void *producer(void *arg) {
    struct channel *ch = arg;
    pthread_mutex_lock(&ch->lock);
    ch->value = 99;
    ch->full = 1;
    pthread_cond_signal(&ch->ready);
    pthread_mutex_unlock(&ch->lock);
    return NULL;
}

int main(void) {
    struct channel *ch = malloc(sizeof *ch);
    assert(pthread_mutex_init(&ch->lock, NULL) == 0);
    assert(pthread_cond_init(&ch->ready, NULL) == 0);
    ch->full = 0;

    pthread_t t;
    pthread_create(&t, NULL, producer, ch);
    pthread_mutex_lock(&ch->lock);
    while (!ch->full)
        pthread_cond_wait(&ch->ready, &ch->lock);
    int got = ch->value;
    pthread_mutex_unlock(&ch->lock);
    pthread_join(t, NULL);

    assert(pthread_cond_destroy(&ch->ready) == 0);
    assert(pthread_mutex_destroy(&ch->lock) == 0);
    free(ch);
    printf("got %d\n", got);
    return 0;
}
