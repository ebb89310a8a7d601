// expect: safe
// A release sequence continued by a read-modify-write: the writer publishes
// with a release store of 1, another thread's relaxed fetch_add makes it 2,
// and an acquire load that reads 2 synchronises with the writer (an RMW of
// any order continues the release sequence of the write it reads).
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return NULL;
}

static void *bumper(void *arg) {
    (void)arg;
    atomic_fetch_add_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

int main(void) {
    pthread_t w, b;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&b, NULL, bumper, NULL);
    int r = 0;
    if (atomic_load_explicit(&flag, memory_order_acquire) == 2)
        r = data;
    pthread_join(w, NULL);
    pthread_join(b, NULL);
    (void)r;
    return 0;
}
