// expect: bug data-race
// A thread publishes the address of its thread-local variable; main writes
// through it while the thread still uses it.
#include <pthread.h>
#include <stdatomic.h>

__thread int mine;
int *_Atomic published;

static void *worker(void *arg) {
    (void)arg;
    published = &mine;
    mine++;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int *p;
    while (!(p = published))
        ;
    *p = 7;
    pthread_join(t, 0);
    return 0;
}
