// expect: bug assertion
// A libm result is only as good as its input: the worker may read `side`
// before main sets it, and hypot(0, 4) is not 5.
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int side;

static void *worker(void *arg) {
    (void)arg;
    double h = hypot(3.0, (double)atomic_load(&side));
    assert(fabs(h - 5.0) < 1e-9);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    atomic_store(&side, 4);
    pthread_join(t, NULL);
    return 0;
}
