// expect: safe
// Twin of c11_gnu_atomic_relaxed.c with __ATOMIC_RELEASE and __ATOMIC_ACQUIRE:
// the data write happens before the read.
#include <pthread.h>

int data;
int flag;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int r = 0;
    if (__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
        r = data;
    pthread_join(t, NULL);
    (void)r;
    return 0;
}
