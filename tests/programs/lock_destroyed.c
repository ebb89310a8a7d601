// expect: bug pthread-misuse
// Locking a mutex after it was destroyed.
#include <pthread.h>

pthread_mutex_t m;

int main(void) {
    pthread_mutex_init(&m, NULL);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    pthread_mutex_destroy(&m);
    pthread_mutex_lock(&m);
    return 0;
}
