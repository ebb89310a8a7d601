// expect: safe
// A value handed over through a condition variable under its mutex: the
// signal/wait and lock/unlock edges order the plain accesses.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int box, full;

static void *producer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    box = 5;
    full = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, producer, NULL);
    pthread_mutex_lock(&m);
    while (!full)
        pthread_cond_wait(&cv, &m);
    assert(box == 5);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
