// args: --por none --timeout 1 --max-executions 1000000000
// expect: incomplete
// expect-limit: timeout
// Four threads with eight shared stores each: far too many interleavings for
// naive exploration to finish within one second.
#include <pthread.h>

int slots[4];

static void *writer(void *arg) {
    int *slot = arg;
    for (int i = 0; i < 8; i++)
        *slot = i;
    return NULL;
}

int main(void) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, writer, &slots[i]);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    return 0;
}
