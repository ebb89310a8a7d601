// expect: bug data-race
// Twin of c11_sync_builtins.c where the flag is set with a relaxed
// __atomic_fetch_add: the __sync compare-and-swap that reads it acquires
// nothing from the writer, so the data accesses race.
#include <pthread.h>

int data, counter;
int flag, lock;

static void *worker(void *arg) {
    (void)arg;
    data = 42;
    __atomic_fetch_add(&flag, 1, __ATOMIC_RELAXED);
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
