// expect: safe
// expect-output: detached 1 stack 65536 guard 4096
// Thread attributes: a thread created detached, the detach state, stack and
// guard sizes read back.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

static void *worker(void *arg) {
    (void)arg;
    return 0;
}

int main(void) {
    pthread_attr_t attr;
    pthread_t t;
    int state = -1;
    size_t stack = 0, guard = 0;
    pthread_attr_init(&attr);
    pthread_attr_getdetachstate(&attr, &state);
    assert(state == PTHREAD_CREATE_JOINABLE);
    assert(pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0);
    pthread_attr_getdetachstate(&attr, &state);
    assert(pthread_attr_setstacksize(&attr, 1) == EINVAL);
    assert(pthread_attr_setstacksize(&attr, 65536) == 0);
    pthread_attr_getstacksize(&attr, &stack);
    pthread_attr_getguardsize(&attr, &guard);
    pthread_create(&t, &attr, worker, 0);
    pthread_attr_destroy(&attr);
    printf("detached %d stack %zu guard %zu\n", state, stack, guard);
    return 0;
}
