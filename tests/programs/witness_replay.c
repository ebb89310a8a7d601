// expect: bug assertion
// A lost update whose witness must replay to the same bug, and be refused
// once the program has changed.
#include <assert.h>
#include <pthread.h>

int counter = 0;

static void *inc(void *arg) {
    (void)arg;
    int tmp = counter;
    counter = tmp + 1;
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
