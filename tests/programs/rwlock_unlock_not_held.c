// expect: bug pthread-misuse
// Unlocking a rwlock the thread does not hold.
#include <pthread.h>

pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;

int main(void) {
    pthread_rwlock_unlock(&lock);
    return 0;
}
