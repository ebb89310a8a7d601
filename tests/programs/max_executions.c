// args: --por none --max-executions 5
// expect: incomplete
// expect-limit: max-executions
// Three threads with two shared stores each have far more than five
// interleavings.
#include <pthread.h>

int slots[3];

static void *writer(void *arg) {
    int *slot = arg;
    *slot = 1;
    *slot = 2;
    return NULL;
}

int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, writer, &slots[i]);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    return 0;
}
