// args: --por none
// expect: safe executions=19
// Two threads each store once to their own global; main creates both and
// joins both. Visible operations: main create1 create2 join1 join2 exit;
// thread k: store, exit. Counting the interleavings of this partial order
// (join k after thread k's exit, thread 2 after create2) gives 19.
#include <pthread.h>

int x = 0, y = 0;

static void *set_x(void *arg) {
    (void)arg;
    x = 1;
    return NULL;
}

static void *set_y(void *arg) {
    (void)arg;
    y = 1;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, set_x, NULL);
    pthread_create(&b, NULL, set_y, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
