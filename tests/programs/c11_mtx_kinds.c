// expect: safe
// expect-output: ok
// A recursive mtx_t can be relocked by its owner; mtx_trylock reports
// thrd_busy while another thread holds a mutex and mtx_timedlock may time
// out (thrd_timedout); thrd_current, thrd_equal, thrd_detach, thrd_sleep
// and thrd_yield work.
#include <assert.h>
#include <stdio.h>
#include <threads.h>
#include <time.h>

mtx_t rec, timed;
thrd_t main_thread;

static int other(void *arg) {
    (void)arg;
    struct timespec t = {1, 0};
    assert(!thrd_equal(thrd_current(), main_thread));
    int r = mtx_trylock(&rec);
    assert(r == thrd_success || r == thrd_busy);
    if (r == thrd_success)
        mtx_unlock(&rec);
    r = mtx_timedlock(&timed, &t);
    assert(r == thrd_success || r == thrd_timedout);
    if (r == thrd_success)
        mtx_unlock(&timed);
    thrd_yield();
    thrd_sleep(&t, 0);
    return 0;
}

int main(void) {
    thrd_t t;
    main_thread = thrd_current();
    assert(thrd_equal(main_thread, thrd_current()));
    assert(mtx_init(&rec, mtx_plain | mtx_recursive) == thrd_success);
    assert(mtx_init(&timed, mtx_timed) == thrd_success);
    thrd_create(&t, other, 0);
    mtx_lock(&rec);
    assert(mtx_lock(&rec) == thrd_success);
    mtx_unlock(&rec);
    mtx_unlock(&rec);
    mtx_lock(&timed);
    mtx_unlock(&timed);
    thrd_join(t, 0);
    thrd_t d;
    thrd_create(&d, other, 0);
    assert(thrd_detach(d) == thrd_success);
    printf("ok\n");
    return 0;
}
