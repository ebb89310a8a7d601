// expect: bug data-race
// Publishing data through a plain flag: the reader's check of the flag and
// of the data race with the writer's stores.
#include <assert.h>
#include <pthread.h>

int data;
int ready;

static void *writer(void *arg) {
    (void)arg;
    data = 42;
    ready = 1;
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    if (ready)
        assert(data == 42);
    pthread_join(t, NULL);
    return 0;
}
