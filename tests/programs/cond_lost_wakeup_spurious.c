// expect: bug deadlock
// A lost wakeup: the signal can come before main waits, and nothing else
// will ever signal. A spurious wakeup could free main, but a thread whose
// only way out is a spurious wakeup is deadlocked: weft reports it even
// though spurious wakeups are explored (the default).
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *signaller(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, signaller, 0);
    pthread_mutex_lock(&m);
    pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
