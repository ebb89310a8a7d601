// expect: bug data-race
// One C11 thread updates the counter without taking the mtx_t.
#include <threads.h>

mtx_t m;
int counter;

static int locked(void *arg) {
    (void)arg;
    mtx_lock(&m);
    counter++;
    mtx_unlock(&m);
    return 0;
}

static int unlocked(void *arg) {
    (void)arg;
    counter++;
    return 0;
}

int main(void) {
    thrd_t a, b;
    mtx_init(&m, mtx_plain);
    thrd_create(&a, locked, 0);
    thrd_create(&b, unlocked, 0);
    thrd_join(a, 0);
    thrd_join(b, 0);
    return 0;
}
