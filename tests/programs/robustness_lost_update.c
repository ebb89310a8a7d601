// args: --check-robustness
// expect: bug assertion
// --check-robustness must not hide an ordinary bug: the lost update fails
// its assertion under SC already, so it is reported (with an SC witness)
// beside whatever the model comparison finds.
#include <assert.h>
#include <pthread.h>

int x;

static void *inc(void *arg) {
    (void)arg;
    x++;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(x == 2);
    return 0;
}
