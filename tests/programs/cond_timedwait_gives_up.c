// expect: safe
// expect-output: gave up
// Nothing ever signals: the waiter's timed wait returns spuriously and loops
// back (spin detection then cuts that repeat's unsignalled returns), or
// times out and leaves the loop. The repeat is no deadlock: its timeout,
// explored at the first wait, leaves too. (Until 2026-11-28 the cut wait
// was reported as a deadlock: a safe program called buggy.)
#include <pthread.h>
#include <stdio.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

static void *waiter(void *arg) {
    (void)arg;
    struct timespec deadline = {0, 0};
    pthread_mutex_lock(&m);
    while (!ready)
        if (pthread_cond_timedwait(&c, &m, &deadline))
            break;
    int got = ready;
    pthread_mutex_unlock(&m);
    if (!got)
        printf("gave up\n");
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, waiter, 0);
    pthread_join(t, 0);
    return 0;
}
