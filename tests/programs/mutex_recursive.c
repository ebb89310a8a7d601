// expect: safe
// expect-output: counter 6
// A recursive mutex can be relocked by its owner; two threads each take it
// three levels deep.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m;
int counter = 0;

static void add(int depth) {
    assert(pthread_mutex_lock(&m) == 0);
    if (depth > 0)
        add(depth - 1);
    counter++;
    assert(pthread_mutex_unlock(&m) == 0);
}

static void *worker(void *arg) {
    (void)arg;
    add(2);
    return NULL;
}

int main(void) {
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &attr);
    pthread_mutexattr_destroy(&attr);

    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 6);
    printf("counter %d\n", counter);
    pthread_mutex_destroy(&m);
    return 0;
}
