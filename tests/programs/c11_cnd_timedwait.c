// expect: bug assertion
// cnd_timedwait returns thrd_timedout when it times out; the caller
// assumes it was signalled.
#include <assert.h>
#include <threads.h>
#include <time.h>

mtx_t m;
cnd_t c;
int ready;

static int signaller(void *arg) {
    (void)arg;
    mtx_lock(&m);
    ready = 1;
    cnd_broadcast(&c);
    mtx_unlock(&m);
    return 0;
}

int main(void) {
    thrd_t t;
    struct timespec deadline = {1, 0};
    mtx_init(&m, mtx_plain);
    cnd_init(&c);
    thrd_create(&t, signaller, 0);
    mtx_lock(&m);
    while (!ready) {
        if (cnd_timedwait(&c, &m, &deadline) == thrd_timedout)
            break;
    }
    assert(ready);
    mtx_unlock(&m);
    thrd_join(t, 0);
    return 0;
}
