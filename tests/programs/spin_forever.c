// args: --max-steps 20000
// expect: incomplete
// expect-limit: max-steps
// A worker busy-waits on a flag nobody sets: every execution runs until the
// step budget is used up. That is not a bug, but not a proof either.
#include <pthread.h>

int flag = 0;

static void *spinner(void *arg) {
    (void)arg;
    while (!flag) {
    }
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    pthread_join(t, NULL);
    return 0;
}
