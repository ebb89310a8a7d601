// args: --max-steps 20000
// expect: incomplete
// expect-limit: max-steps
// A loop that counts while it waits changes its registers every iteration,
// so it is not a pure spin: only the step bound stops it.
#include <pthread.h>

int flag = 0;
unsigned long spins = 0;

static void *spinner(void *arg) {
    (void)arg;
    unsigned long n = 0;
    while (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST))
        n++;
    spins = n;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    pthread_join(t, NULL);
    return 0;
}
