// expect: bug assertion
// thrd_exit ends the thread with its result; the caller expects another.
#include <assert.h>
#include <threads.h>

static int worker(void *arg) {
    (void)arg;
    thrd_exit(7);
    return 1;
}

int main(void) {
    thrd_t t;
    int res = 0;
    thrd_create(&t, worker, 0);
    thrd_join(t, &res);
    assert(res == 1);
    return 0;
}
