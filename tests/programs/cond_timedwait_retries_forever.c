// expect: bug deadlock
// The waiter retries its timed wait until `ready` is set, and nothing ever
// sets it: every timeout comes back to the same wait. The repeat of a wait
// that timed out is cut, and with no thread left to run the hang is
// reported as a deadlock (as for a spin loop that nothing ends).
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

static void *waiter(void *arg) {
    (void)arg;
    struct timespec deadline = {0, 0};
    pthread_mutex_lock(&m);
    while (!ready)
        pthread_cond_timedwait(&c, &m, &deadline);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, waiter, 0);
    pthread_join(t, 0);
    return 0;
}
