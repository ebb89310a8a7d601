// args: --check-robustness --por unfold
// expect: bug assertion
// robustness_lost_update.c under --por unfold: the SC run of the robustness
// check keeps plain accesses as events (it needs every SC outcome), and the
// witness of its bug says so, so that it replays.
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
