// expect: bug assertion
// Buggy twin of message_passing_fences.c: the writer publishes the flag before
// the data, so a reader can see the flag with stale data.
#include <assert.h>
#include <pthread.h>

int data = 0;
int flag = 0;

static void *writer(void *arg) {
    (void)arg;
    flag = 1;
    data = 42;
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    if (flag)
        assert(data == 42);
    return NULL;
}

int main(void) {
    pthread_t w, r;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, NULL);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    return 0;
}
