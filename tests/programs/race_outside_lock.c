// expect: bug data-race
// One thread updates under the lock, the other forgets to take it.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int balance;

static void *locked(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    balance += 10;
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *unlocked(void *arg) {
    (void)arg;
    balance -= 10;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, locked, NULL);
    pthread_create(&b, NULL, unlocked, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
