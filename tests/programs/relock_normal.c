// expect: bug deadlock
// Locking a default (normal) mutex the thread already holds blocks forever.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int value = 0;

static void set_value(int v) {
    pthread_mutex_lock(&m); /* the caller already holds m */
    value = v;
    pthread_mutex_unlock(&m);
}

int main(void) {
    pthread_mutex_lock(&m);
    set_value(1);
    pthread_mutex_unlock(&m);
    return 0;
}
