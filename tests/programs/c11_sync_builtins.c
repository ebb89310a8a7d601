// expect: safe
// The legacy __sync builtins are full barriers: a flag set with
// __sync_fetch_and_add and read with __sync_val_compare_and_swap publishes
// the data, and a lock taken with __sync_bool_compare_and_swap and released
// with __sync_lock_release (a release) protects the counter.
#include <pthread.h>

int data, counter;
int flag, lock;

static void *worker(void *arg) {
    (void)arg;
    data = 42;
    __sync_fetch_and_add(&flag, 1);
    if (__sync_bool_compare_and_swap(&lock, 0, 1)) {
        counter++;
        __sync_lock_release(&lock);
    }
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int r = 0;
    if (__sync_val_compare_and_swap(&flag, 0, 0))
        r = data;
    if (__sync_bool_compare_and_swap(&lock, 0, 1)) {
        counter++;
        __sync_lock_release(&lock);
    }
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
