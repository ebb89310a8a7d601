// expect: bug pthread-misuse
// Unlocking a mutex nobody holds.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int value = 0;

int main(void) {
    value = 1;
    pthread_mutex_unlock(&m);
    return 0;
}
