// expect: bug pthread-misuse
// Destroying a mutex that is still locked.
#include <pthread.h>

int main(void) {
    pthread_mutex_t m;
    pthread_mutex_init(&m, NULL);
    pthread_mutex_lock(&m);
    pthread_mutex_destroy(&m);
    return 0;
}
