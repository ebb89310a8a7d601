// expect: safe
// expect-output: total 4 results 3
// C11 threads: thrd_create/thrd_join with int results, a plain mtx_t, and a
// cnd_t waited on in a loop.
#include <assert.h>
#include <stdio.h>
#include <threads.h>

mtx_t m;
cnd_t c;
int counter, done;

static int worker(void *arg) {
    int n = (int)(long)arg;
    mtx_lock(&m);
    counter += n;
    done++;
    cnd_signal(&c);
    mtx_unlock(&m);
    return n + 1;
}

int main(void) {
    thrd_t a, b;
    int ra = 0, rb = 0;
    assert(mtx_init(&m, mtx_plain) == thrd_success);
    assert(cnd_init(&c) == thrd_success);
    assert(thrd_create(&a, worker, (void *)1L) == thrd_success);
    assert(thrd_create(&b, worker, (void *)3L) == thrd_success);
    mtx_lock(&m);
    while (done < 2)
        cnd_wait(&c, &m);
    mtx_unlock(&m);
    assert(thrd_join(a, &ra) == thrd_success);
    assert(thrd_join(b, &rb) == thrd_success);
    printf("total %d results %d\n", counter, ra + rb - 3);
    assert(counter == 4 && ra == 2 && rb == 4);
    mtx_destroy(&m);
    cnd_destroy(&c);
    return 0;
}
