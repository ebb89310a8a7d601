// expect: safe
// sched_yield is a yield, usleep and sleep only advance the logical clock:
// none of them blocks.
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter = 0;

static void *worker(void *arg) {
    (void)arg;
    sched_yield();
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
    usleep(1000);
    sleep(1);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    sleep(10);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
