// expect: safe executions=1
// Two readers take the same rwlock for reading at once and read data set
// before they start. Read locks commute, so every order of the two
// critical sections is the same execution: exactly one.
#include <assert.h>
#include <pthread.h>

pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
int table[2] = {3, 4};

static void *reader(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&lock);
    int sum = table[0] + table[1];
    pthread_rwlock_unlock(&lock);
    assert(sum == 7);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, reader, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
