// expect: bug assertion
// The writer takes the lock only for reading, so a reader can see its
// update half done. (Race reports are off to reach the assertion.)
// args: --no-race-check
#include <assert.h>
#include <pthread.h>

pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
int a = 5, b = 5;

static void *writer(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&lock);
    a = a - 2;
    b = b + 2;
    pthread_rwlock_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t w;
    pthread_create(&w, 0, writer, 0);
    pthread_rwlock_rdlock(&lock);
    assert(a + b == 10);
    pthread_rwlock_unlock(&lock);
    pthread_join(w, 0);
    return 0;
}
