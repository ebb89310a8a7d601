// expect: safe
// expect-output: destroyed 2
// Thread-specific data: each worker stores its own heap buffer under one
// key; the key's destructor frees it when the worker exits (returning or
// through pthread_exit). Values are per thread, and main's is untouched.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

pthread_key_t key;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int destroyed;

static void release(void *p) {
    free(p);
    pthread_mutex_lock(&m);
    destroyed++;
    pthread_mutex_unlock(&m);
}

static void *worker(void *arg) {
    int *mine = malloc(sizeof *mine);
    *mine = (int)(long)arg;
    assert(pthread_getspecific(key) == NULL);
    pthread_setspecific(key, mine);
    assert(*(int *)pthread_getspecific(key) == (int)(long)arg);
    if (arg == (void *)2L)
        pthread_exit(0);
    return 0;
}

int main(void) {
    pthread_t a, b;
    int here = 7;
    assert(pthread_key_create(&key, release) == 0);
    pthread_setspecific(key, &here);
    pthread_create(&a, 0, worker, (void *)1L);
    pthread_create(&b, 0, worker, (void *)2L);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(pthread_getspecific(key) == &here);
    printf("destroyed %d\n", destroyed);
    assert(destroyed == 2);
    pthread_key_delete(key);
    return 0;
}
