// expect: bug assertion
// The predicate is checked with `if`, not `while`. Even though the only
// signal comes after `ready` is set, POSIX lets pthread_cond_wait return
// without any signal (a spurious wakeup), so the assertion can fail.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

static void *signaller(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, signaller, 0);
    pthread_mutex_lock(&m);
    if (!ready)
        pthread_cond_wait(&c, &m);
    assert(ready);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
