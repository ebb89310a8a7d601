// expect: bug pthread-misuse
// Joining a thread that was created detached (through its attributes).
#include <pthread.h>

static void *worker(void *arg) {
    (void)arg;
    return 0;
}

int main(void) {
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&t, &attr, worker, 0);
    pthread_join(t, 0);
    return 0;
}
