// expect: bug assertion
// C11 condition variables may wake spuriously too: an `if` is not enough.
#include <assert.h>
#include <threads.h>

mtx_t m;
cnd_t c;
int ready;

static int signaller(void *arg) {
    (void)arg;
    mtx_lock(&m);
    ready = 1;
    cnd_signal(&c);
    mtx_unlock(&m);
    return 0;
}

int main(void) {
    thrd_t t;
    mtx_init(&m, mtx_plain);
    cnd_init(&c);
    thrd_create(&t, signaller, 0);
    mtx_lock(&m);
    if (!ready)
        cnd_wait(&c, &m);
    assert(ready);
    mtx_unlock(&m);
    thrd_join(t, 0);
    return 0;
}
