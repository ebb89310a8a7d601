// expect: bug deadlock
// A thread holding the lock for reading asks for it for writing: it waits
// for itself forever.
#include <pthread.h>

pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;

int main(void) {
    pthread_rwlock_rdlock(&lock);
    pthread_rwlock_wrlock(&lock);
    pthread_rwlock_unlock(&lock);
    return 0;
}
