// expect: error
// expect-stderr: pthread_cancel
// Thread cancellation is not modelled: weft refuses the program up front,
// naming the function and its line, rather than running it wrongly.
#include <pthread.h>

static void *worker(void *arg) {
    (void)arg;
    for (;;)
        pthread_testcancel();
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_cancel(t);
    pthread_join(t, 0);
    return 0;
}
